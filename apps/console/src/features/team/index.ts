export { TeamScreen } from './team-screen';
