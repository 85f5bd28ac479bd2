export { IntegrationsScreen } from './integrations-screen';
