import 'fake-indexeddb/auto';
import type { StaffMember } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { deviceConfig, fakeServer, ok, pinFields, registeredDevice } from '../../test/device';
import { closeMenuDb } from './menu-db';
import { browserSyncDeps, createSync } from './sync';

// Issue 6 item 4 (issue 7 relies on it): a manager's staff changes reach the tablet at the next sync.

const member = (id: number, displayName: string, status: 0 | 1, pin: string): StaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Smith`,
  status,
  teamId: 1,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
  ...pinFields(pin),
  weight: 10,
  hasSettingsAccess: false,
});

const changedTeam = [member(1, 'Alex', 0, '1111'), member(2, 'Sam', 1, '2468')];

function syncWithServer() {
  fakeServer({
    '/api/v1/survey/config': () => ok({ ...deviceConfig(), staff: changedTeam }),
    '/api/v1/survey/menu/export': () => ok({ products: [], major_groups: [], family_groups: [] }),
  });
  return createSync({ ...browserSyncDeps(), every: () => () => undefined, upload: async () => undefined });
}

let db = 0;
beforeEach(async () => {
  useGuestSession.setState(emptySession);
  db += 1;
  await closeMenuDb(`sync-staff-test-${db}`);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await closeMenuDb();
});

describe('staff changes after a sync', () => {
  it('the next poll brings the changed team (status and PIN codes) into the cached staff', async () => {
    registeredDevice({ cachedStaff: [member(1, 'Alex', 1, '1111')] });
    expect(await syncWithServer().tick()).toBe('polled');
    expect(useDevice.getState().state.cachedStaff).toEqual(changedTeam);
    expect(useDevice.getState().state.nextSync).not.toBeNull();
  });

  it('D4.6 during a survey the new team waits; when the survey ends it goes live', async () => {
    const before = [member(1, 'Alex', 1, '1111')];
    registeredDevice({ cachedStaff: before });
    useGuestSession.setState({ ...emptySession, surveyInProgress: 1 });
    const sync = syncWithServer();
    await sync.tick();
    expect(useDevice.getState().state.cachedStaff).toEqual(before);
    useGuestSession.setState({ surveyInProgress: null });
    await sync.surveyChanged(1, null);
    expect(useDevice.getState().state.cachedStaff).toEqual(changedTeam);
    expect(useDevice.getState().state.configTemp).toBeNull();
  });
});
