import { describe, expect, it } from 'vitest';
import { UpdateState } from '../enums';
import { initialDeviceState } from './device-state';
import {
  type ConfigSyncEvent,
  configSyncReducer,
  lastUpdatedAfterUpload,
  menuUpdateState,
  responsesUpdateState,
} from './update-state';

const device = initialDeviceState('uuid-1');
const play = (...events: ConfigSyncEvent[]) =>
  events.reduce((result, event) => configSyncReducer(result.state, event), {
    state: device,
    fetchNow: false,
  });

describe('update states', () => {
  it('D4.3 a config fetch while offline is skipped and flagged to retry when back online', () => {
    const offline = play({ type: 'start', online: false });
    expect(offline.fetchNow).toBe(false);
    expect(offline.state.updateWhenOnline).toBe(true);
    expect(offline.state.updateState.config).toBe(UpdateState.UNKNOWN);
    const back = configSyncReducer(offline.state, { type: 'connectivity', online: true });
    expect(back).toMatchObject({ fetchNow: true, state: { hasConnectivity: true } });
    const started = configSyncReducer(back.state, { type: 'start', online: true });
    expect(started.state.updateWhenOnline).toBe(false);
  });

  it.each([false, true])(
    'D4.3 D4.20 connectivity back with updateWhenOnline %s fetches only when flagged',
    (flag) => {
      const result = configSyncReducer(
        { ...device, updateWhenOnline: flag },
        { type: 'connectivity', online: true },
      );
      expect(result.fetchNow).toBe(flag);
      expect(
        configSyncReducer({ ...device, updateWhenOnline: flag }, { type: 'connectivity', online: false }),
      ).toEqual({
        state: { ...device, updateWhenOnline: flag, hasConnectivity: false },
        fetchNow: false,
      });
    },
  );

  it.each<[string, ConfigSyncEvent[], UpdateState, boolean]>([
    ['start', [{ type: 'start', online: true }], UpdateState.IN_PROGRESS, true],
    ['start then failure', [{ type: 'start', online: true }, { type: 'failed' }], UpdateState.PENDING, false],
    [
      'start then branch and staff',
      [{ type: 'start', online: true }, { type: 'branchAndStaffDone' }],
      UpdateState.DONE,
      false,
    ],
  ])('D4.4 config and surveys after %s', (_name, events, state, fetchNow) => {
    const result = play(...events);
    expect(result.fetchNow).toBe(fetchNow);
    expect(result.state.updateState.config).toBe(state);
    expect(result.state.updateState.surveys).toBe(state);
  });

  it('D4.5 the app-mode menu export follows the config; its failure gives pending, its success done', () => {
    const configured = play({ type: 'start', online: true }, { type: 'branchAndStaffDone' });
    const failed = configSyncReducer(configured.state, { type: 'menuExportFailed' });
    expect(failed.state.updateState).toEqual({
      config: UpdateState.DONE,
      surveys: UpdateState.DONE,
      menu: UpdateState.PENDING,
    });
    const done = configSyncReducer(configured.state, { type: 'menuExportDone', now: 1234 });
    expect(done.state.updateState.menu).toBe(UpdateState.DONE);
    expect(done.state.menuItemsLastUpdated).toBe(1234);
  });

  it.each([
    ['start', UpdateState.IN_PROGRESS],
    ['done', UpdateState.DONE],
    ['failed', UpdateState.PENDING],
  ] as const)('D4.12 a menu download at %s is %s', (phase, state) => {
    expect(menuUpdateState(phase)).toBe(state);
  });

  it.each([
    [true, 3, UpdateState.IN_PROGRESS],
    [true, null, UpdateState.IN_PROGRESS],
    [false, 3, UpdateState.PENDING],
    [false, 0, UpdateState.DONE],
    [false, null, UpdateState.UNKNOWN],
  ])('D4.9 D4.10 uploading %s with %s stored: responses state %s', (uploading, storedCount, state) => {
    expect(responsesUpdateState({ uploading, storedCount })).toBe(state);
  });

  it.each([
    [null, 0, 5_000_999, null],
    [42, 0, 5_000_999, 42],
    [42, 1, 5_000_999, 5000],
    [null, 3, 5_000_999, 5000],
  ])(
    'D4.11 last updated %s after %i submitted at %i ms is %s (unix seconds, only if one went)',
    (prev, n, now, out) => {
      expect(lastUpdatedAfterUpload(prev, n, now)).toBe(out);
    },
  );
});
