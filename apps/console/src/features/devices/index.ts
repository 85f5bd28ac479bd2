export { DevicesScreen } from './devices-screen';
