import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import type { StaffMember } from '@venue-voice/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deviceConfig,
  installModalClosed,
  registeredDevice,
  unregisteredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { fakeApi } from '../../test/render-app';
import { renderStep, sentSession, setUpStepTests } from '../checkout/testing';

setUpStepTests();

const alex = { id: 7, hasPin: true, status: 1, displayName: 'Alex' } as unknown as StaffMember;

/** A tablet on which Alex has signed in with a staff PIN. */
function signedInTablet() {
  const config = deviceConfig();
  registeredDevice({ config: { ...config, staff: [alex] }, cachedStaff: [alex], loggedInMember: 7 });
  installModalClosed();
}

beforeAll(warmDeviceRoutes);
beforeEach(() => localStorage.clear());
afterEach(unregisteredDevice);

describe('who is signed in stays out of a guest’s view (issue 26)', () => {
  it('a guest screen shows the Staff button but neither the member nor Switch user', async () => {
    signedInTablet();
    renderStep('/share', sentSession(), fakeApi());
    expect(await screen.findByRole('button', { name: 'Staff' })).toBeVisible();
    expect(screen.queryByText(/Signed in/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Alex/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch user' })).not.toBeInTheDocument();
  });

  it('the staff screen still shows the member with Switch user', async () => {
    signedInTablet();
    const { router } = renderStep('/share', sentSession(), fakeApi());
    await screen.findByRole('button', { name: 'Staff' });
    await router.navigate('/staff');
    await waitFor(() => expect(screen.getByText('Signed in: Alex')).toBeVisible());
    expect(screen.getByRole('button', { name: 'Switch user' })).toBeVisible();
  });
});
