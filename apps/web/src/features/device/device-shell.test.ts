import 'fake-indexeddb/auto';
import { UpdateState } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { deviceConfig, fakeServer, ok, registeredDevice, unregisteredDevice } from '../../test/device';
import { testSurvey } from '../../test/render-app';
import { applyHeldConfigAfterSurveys, connectivityChanged, startSyncInAppMode } from './device-shell';
import { deviceSupported } from './device-support';
import { surveysToStart } from './staff-surveys';

const sync = vi.hoisted(() => ({ startSync: vi.fn() }));
vi.mock('../device-sync', async (original) => ({
  ...(await original<typeof import('../device-sync')>()),
  startSync: sync.startSync,
}));

beforeEach(() => {
  useGuestSession.setState(emptySession);
  sync.startSync.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connectivity (D4.20, D4.3)', () => {
  it('D4.20 an offline event is stored; D4.3 a download asked for offline runs when back online', async () => {
    const calls = fakeServer({ '/api/v1/survey/config': () => ok(deviceConfig()) });
    registeredDevice({ updateWhenOnline: true });
    connectivityChanged(false);
    expect(useDevice.getState().state.hasConnectivity).toBe(false);
    expect(calls).toHaveLength(0);
    connectivityChanged(true);
    expect(useDevice.getState().state.hasConnectivity).toBe(true);
    await vi.waitFor(() => expect(useDevice.getState().state.updateState.config).toBe(UpdateState.DONE));
    // The menu export follows the config in app mode (its own tests: features/device-sync).
    expect(calls[0]?.path).toBe('/api/v1/survey/config');
  });

  it('coming online with nothing flagged downloads nothing', () => {
    const calls = fakeServer({});
    registeredDevice();
    connectivityChanged(true);
    expect(calls).toHaveLength(0);
  });
});

describe('sync start (D4.18: polling runs in app mode only)', () => {
  /** Counts the device store's listeners that startSyncInAppMode adds and has not removed. */
  function watchListeners() {
    const subscribe = useDevice.subscribe;
    const watching = { count: 0 };
    vi.spyOn(useDevice, 'subscribe').mockImplementation((listener) => {
      watching.count += 1;
      const stop = subscribe(listener);
      return () => {
        watching.count -= 1;
        stop();
      };
    });
    return watching;
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a device in app mode starts sync with a check at once and watches nothing', async () => {
    const watching = watchListeners();
    registeredDevice();
    startSyncInAppMode();
    await vi.waitFor(() => expect(sync.startSync).toHaveBeenCalledWith({ checkNow: true }));
    expect(watching.count).toBe(0);
  });

  it('a guest browser watches until a registration, starts sync once, then stops watching', async () => {
    const watching = watchListeners();
    unregisteredDevice();
    startSyncInAppMode();
    expect(watching.count).toBe(1);
    connectivityChanged(false);
    expect(sync.startSync).not.toHaveBeenCalled();
    expect(watching.count).toBe(1);
    registeredDevice();
    expect(watching.count).toBe(0);
    connectivityChanged(true);
    registeredDevice({ language: 'it' });
    await vi.waitFor(() => expect(sync.startSync).toHaveBeenCalledWith({ checkNow: false }));
    expect(sync.startSync).toHaveBeenCalledTimes(1);
  });
});

describe('held config (D4.6)', () => {
  it('D4.6 a config held during a survey goes live when the survey ends, with its language (D4.7)', async () => {
    const held = deviceConfig([testSurvey({ templateId: 7, name: 'Nuova', templateLocale: 'it' })]);
    registeredDevice({ configTemp: held });
    useGuestSession.setState({ surveyInProgress: 1 });
    const stop = applyHeldConfigAfterSurveys();
    useGuestSession.setState({ surveyInProgress: null });
    await vi.waitFor(() => expect(useDevice.getState().state.configTemp).toBeNull());
    expect(useDevice.getState().state.config?.surveys?.[0]?.name).toBe('Nuova');
    expect(useDevice.getState().state.language).toBe('it');
    stop();
  });
});

describe('staff home surveys', () => {
  const surveys = [{ templateId: 1 }, { templateId: 2 }, { templateId: 3 }];
  it.each([
    [0, 0, [1, 2, 3]],
    [2, 0, [2]],
    [0, 3, [3]],
    [2, 3, [2]],
    [9, 0, [1, 2, 3]],
    [0, 9, [1, 2, 3]],
  ])('selected %i, default %i: offers %j', (selected, fallback, expected) => {
    expect(surveysToStart(surveys, selected, fallback).map((survey) => survey.templateId)).toEqual(expected);
  });
});

describe('supported device (decision 0085)', () => {
  const makeUuid = (): string => 'x';
  it.each([
    [{ indexedDB: {}, crypto: { randomUUID: makeUuid } }, true],
    [{ crypto: { randomUUID: makeUuid } }, false],
    [{ indexedDB: {}, crypto: {} }, false],
    [{ indexedDB: {} }, false],
  ])('%j → %s', (scope, expected) => {
    expect(deviceSupported(scope)).toBe(expected);
  });
});
