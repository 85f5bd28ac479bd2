/** The device shell's public module (issue 6): other features read the tablet's state from here. */
export {
  closeDeviceSession,
  type DeviceCredentials,
  deviceCredentials,
  hydrateDevice,
  isAppMode,
  resetDevice,
  useDevice,
} from '../../platform/device-session';
