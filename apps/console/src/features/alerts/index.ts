export { AlertsScreen } from './alerts-screen';
