/** The photo step, its own chunk. */
export const loadUploadScreen = () => import('./upload-screen');
