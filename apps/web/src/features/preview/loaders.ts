/**
 * The preview page: its own chunk, never part of a guest's first screen (decision 0258). The module is the
 * lazy route itself (it exports `Component`), so the router's entry holds no more than this import.
 */
export const loadPreviewPage = () => import('./preview-page');
