/** The Manage team screen, its own chunk. */
export const loadManageTeamScreen = () => import('./manage-team-screen');
