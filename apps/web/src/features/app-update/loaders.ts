/** The app-update code that loads on demand (app mode only): its layer. */
export const loadAppUpdateLayer = () => import('./app-update-layer');
