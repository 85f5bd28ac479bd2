/**
 * The device feature's public face (decision 0170): the tablet's start (device shell, app-mode hint), its
 * screens and its settings download. The register screen and the device actions load on demand.
 */
export { followAppMode, mayBeTablet, restartIfTablet } from './app-mode-hint';
export { startDeviceShell } from './device-shell';
export { applyHeldConfig, downloadSettings, loadRegisterScreen, loadTabletStyles } from './loaders';
export { StaffScreen } from './staff-screen';
export { TabletBranding } from './tablet-branding';
export { useTimeText } from './time-text';
