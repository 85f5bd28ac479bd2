/** The team feature's public face (decision 0170): the Manage team screen, loaded on demand. */
export { loadManageTeamScreen } from './loaders';
