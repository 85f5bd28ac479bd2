/** The kiosk feature's public face (decision 0170): its app-mode layer (loaded on demand) and idle setting. */
export { IdleSetting } from './idle-setting';
export { loadKioskLayer } from './loaders';
