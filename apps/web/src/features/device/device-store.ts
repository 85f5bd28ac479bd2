/** The device shell's public module (issue 6): the app's routes read the tablet's state from here. */
export { isAppMode, useDevice } from '../../platform/device-session';
