/** The device code that loads on demand: the register screen, and the device actions on first use. */
import type { DownloadOutcome } from './device-actions';

export const loadRegisterScreen = () => import('./register-screen');

/**
 * The tablet screens' stylesheets (the staff area's page frame and its venue band, cards and tiles),
 * which /manage_team shares: opened by a reload, that screen would otherwise show without them (issue 26
 * item 15).
 */
export const loadTabletStyles = () => Promise.all([import('./device.css'), import('./staff.css')]);

const deviceActions = () => import('./device-actions');
/** Downloads the tablet's settings again (D4.3–D4.7); see device-actions.ts. */
export const downloadSettings = async (): Promise<DownloadOutcome> =>
  (await deviceActions()).downloadSettings();
/** Moves a held config live when no survey is running (D4.6, D4.7); see device-actions.ts. */
export const applyHeldConfig = async (): Promise<void> => (await deviceActions()).applyHeldConfig();
