/**
 * The kiosk feature's public face (decision 0170): its app-mode layer (loaded on demand), the settings'
 * time choices, the thank-you's way back to the start, the staff sign-in modal and a survey's progress (D2.13).
 */
export { IdleSetting, ThanksSetting } from './idle-setting';
export { loadKioskLayer } from './loaders';
export { NextGuest } from './next-guest';
export { StaffPinModal } from './staff-pin-modal';
export { SurveyProgress } from './survey-progress';
