/**
 * The kiosk feature's public face (decision 0170): its app-mode layer (loaded on demand), the settings'
 * time choices, the thank-you's way back to the start and the staff sign-in modal.
 */
export { IdleSetting, ThanksSetting } from './idle-setting';
export { loadKioskLayer } from './loaders';
export { NextGuest } from './next-guest';
export { StaffPinModal } from './staff-pin-modal';
