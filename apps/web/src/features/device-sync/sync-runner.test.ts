import { UpdateState } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { deviceConfig, registeredDevice, unregisteredDevice } from '../../test/device';
import { createSync, type SyncDeps } from './sync-runner';

const NOON = Date.parse('2026-11-22T12:00:00Z');

/** A clock that tests move, a timer that records its tick, and calls that record what ran. */
function harness(changes: Partial<SyncDeps> = {}) {
  const clock = { now: NOON };
  const timer: { ms: number | null; tick: (() => void) | null; stopped: boolean } = {
    ms: null,
    tick: null,
    stopped: false,
  };
  const ran: string[] = [];
  const deps: SyncDeps = {
    now: () => clock.now,
    every: (ms, tick) => {
      timer.ms = ms;
      timer.tick = tick;
      return () => {
        timer.stopped = true;
      };
    },
    random: () => 0.5,
    timeZone: () => 'Europe/London',
    surveyInProgress: () => false,
    applyHeldConfig: async () => {
      ran.push('apply');
    },
    download: async () => {
      ran.push('download');
      return true;
    },
    upload: async () => {
      ran.push('upload');
    },
    ...changes,
  };
  return { clock, timer, ran, sync: createSync(deps) };
}

const state = () => useDevice.getState().state;
const withSchedule = (when: string, spread: number) => {
  const config = deviceConfig();
  return {
    ...config,
    core: {
      ...(config.core as NonNullable<typeof config.core>),
      schedules: [{ what: 'sync', when, spread }],
    },
  };
};

beforeEach(() => registeredDevice());

describe('polling and sync (D4 "Polling")', () => {
  it('D4.18 the check repeats every 300000 ms; a device that never synced polls at once, then uploads', async () => {
    const { timer, ran, sync } = harness();
    expect(timer.ms).toBe(300_000);
    expect(await sync.tick()).toBe('polled');
    expect(ran).toEqual(['download', 'upload']);
    sync.stop();
    expect(timer.stopped).toBe(true);
  });

  it('D4.19, D4.15 after a poll nextSync is the next cron time in the tablet zone plus the random spread', async () => {
    registeredDevice({ config: withSchedule('0 3 * * *', 600) });
    const { sync } = harness();
    await sync.tick();
    // 03:00 the next morning (London is on UTC in November) plus half of 600 s.
    expect(state().nextSync).toBe(Date.parse('2026-11-23T03:05:00Z'));
  });

  it('D4.16 with no sync schedule in the config the default 05:20 with 1800 s spread is used', async () => {
    const { sync } = harness();
    await sync.tick();
    expect(state().nextSync).toBe(Date.parse('2026-11-23T05:35:00Z'));
  });

  it('D4.18 a poll runs only once nextSync has passed (the clock moved past it)', async () => {
    registeredDevice({ nextSync: Date.parse('2026-11-23T05:35:00Z') });
    const { clock, ran, sync } = harness();
    expect(await sync.tick()).toBe('notDue');
    clock.now = Date.parse('2026-11-23T05:34:59Z');
    expect(await sync.tick()).toBe('notDue');
    expect(ran).toEqual([]);
    clock.now = Date.parse('2026-11-23T05:35:00Z');
    expect(await sync.tick()).toBe('polled');
    expect(state().nextSync).toBe(Date.parse('2026-11-24T05:35:00Z'));
  });

  it('D4.19 a failed poll keeps the passed nextSync, so the next check tries again', async () => {
    const passed = NOON - 1000;
    registeredDevice({ nextSync: passed });
    const download = vi.fn(async () => false);
    const { sync } = harness({ download });
    expect(await sync.tick()).toBe('polled');
    expect(state().nextSync).toBe(passed);
    expect(await sync.tick()).toBe('polled');
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('D4.14 a poll is skipped while one runs', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const download = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { sync } = harness({ download });
    const first = sync.tick();
    expect(await sync.tick()).toBe('running');
    finish(true);
    expect(await first).toBe('polled');
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('D4.14 a poll is skipped before setup (registration needed)', async () => {
    unregisteredDevice();
    const { ran, sync } = harness();
    expect(await sync.tick()).toBe('registrationNeeded');
    expect(ran).toEqual([]);
  });

  it('D4.14 offline a poll is skipped and runs when the browser is back online', async () => {
    registeredDevice({ hasConnectivity: false });
    const { ran, sync } = harness();
    expect(await sync.tick()).toBe('offline');
    expect(ran).toEqual([]);
    // The first online event after the skip: the device shell has stored the connectivity.
    useDevice.getState().change((device) => ({ ...device, hasConnectivity: true }));
    const result = sync.online();
    expect(await result).toBe('polled');
    expect(ran).toEqual(['download', 'upload']);
    expect(await sync.online()).toBeNull();
  });

  it('the upload is not tried when the tablet went offline during the poll', async () => {
    const download = async () => {
      useDevice.getState().change((device) => ({ ...device, hasConnectivity: false }));
      return true;
    };
    const { ran, sync } = harness({ download });
    await sync.tick();
    expect(ran).toEqual([]);
  });

  it('D4.18 held config is moved live first, never while a survey is in progress', async () => {
    registeredDevice({ configTemp: deviceConfig(), nextSync: NOON + 60_000 });
    const running = harness({ surveyInProgress: () => true });
    expect(await running.sync.tick()).toBe('notDue');
    expect(running.ran).toEqual([]);
    const idle = harness();
    await idle.sync.tick();
    expect(idle.ran).toEqual(['apply']);
  });

  it('D4.13 a survey that stops being in progress triggers a check; one starting does not', async () => {
    const { ran, sync } = harness();
    expect(await sync.surveyChanged(null, 5)).toBeNull();
    expect(await sync.surveyChanged(5, null)).toBe('polled');
    expect(ran).toEqual(['download', 'upload']);
  });

  it('D4.1 a poll answered 401 (the device reset) leaves the fresh device without a schedule', async () => {
    const download = async () => {
      unregisteredDevice();
      return false;
    };
    const { ran, sync } = harness({ download });
    await sync.tick();
    expect(state().nextSync).toBeNull();
    expect(state().updateState.config).toBe(UpdateState.UNKNOWN);
    expect(ran).toEqual([]);
  });
});
