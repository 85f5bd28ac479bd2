import { describe, expect, it } from 'vitest';
import { completeRegistration, initialDeviceState, resetDeviceState } from './device-state';

const registered = {
  companyKey: 'demo',
  branchId: 1,
  deviceId: 'tablet-1',
  token: 't'.repeat(43),
  settingsPasscode: '1234',
};

describe('device lifecycle', () => {
  it('D4.2 an unregistered device is registered and set up after registration', () => {
    const before = initialDeviceState('uuid-1');
    expect(before).toMatchObject({ registered: false, setupComplete: false, token: null });
    const after = completeRegistration(before, registered);
    expect(after).toMatchObject({ ...registered, registered: true, setupComplete: true, uuid: 'uuid-1' });
  });

  it('D4.2 a reset after registration returns to an unregistered device with the same uuid', () => {
    const after = resetDeviceState(completeRegistration(initialDeviceState('uuid-1'), registered));
    expect(after).toMatchObject({ registered: false, setupComplete: false, token: null, uuid: 'uuid-1' });
  });
});
