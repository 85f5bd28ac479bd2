/** The kiosk's layer (app mode only), loaded on demand. */
export const loadKioskLayer = () => import('./kiosk-layer');
