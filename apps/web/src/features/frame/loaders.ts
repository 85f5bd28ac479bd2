/** The frame's pages, each loaded on demand. */
export const loadInstallPage = () => import('./install-page');
export const loadPrivacyPage = () => import('./privacy-page');
