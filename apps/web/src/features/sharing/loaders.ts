/** The sharing screens, each its own chunk. */
export const loadRecommendScreen = () => import('./recommend-screen');
export const loadShareScreen = () => import('./share-screen');
