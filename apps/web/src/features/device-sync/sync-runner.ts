/**
 * Polling and sync of a tablet (D4 "Polling", "Survey in progress"): every 300,000 ms a tick moves a
 * held config live (when no survey runs) and asks the domain's `pollDecision` whether to poll. A poll
 * fetches config and surveys (and after them the menu), sets nextSync to the next cron time plus a
 * random spread, then uploads the stored responses when online. Clock, timer and random are injected.
 */
import {
  nextSyncAfterPoll,
  POLL_CHECK_INTERVAL_MS,
  planPollTick,
  pollOnSurveyChange,
  type Random,
} from '@venue-voice/domain';
import { isAppMode as appMode, useDevice } from '../../platform/device-session';
import { logError } from '../../platform/log';

export interface SyncDeps {
  now(): number;
  /** Calls `tick` every `ms`; returns the stop. */
  every(ms: number, tick: () => void): () => void;
  random: Random;
  /** The tablet's IANA time zone: the cron reads in the venue's own time. */
  timeZone(): string;
  surveyInProgress(): boolean;
  applyHeldConfig(): Promise<void>;
  /** Config and surveys (then the menu): true when the config download succeeded. */
  download(): Promise<boolean>;
  /** The stored responses' upload (D4 upload flow). */
  upload(): Promise<void>;
}

export type TickResult = 'polled' | 'running' | 'notDue' | 'registrationNeeded' | 'offline';

export interface Sync {
  /** One check; resolves when a poll it started has ended. */
  tick(): Promise<TickResult>;
  /** Browser back online: a check skipped offline runs now. */
  online(): Promise<TickResult | null>;
  /** The guest session's survey changed: a survey that ended triggers a check. */
  surveyChanged(previous: number | null, next: number | null): Promise<TickResult | null>;
  stop(): void;
}

const device = () => useDevice.getState();

export function createSync(deps: SyncDeps): Sync {
  let running = false;
  let retryWhenOnline = false;

  const poll = async () => {
    running = true;
    try {
      const ok = await deps.download().catch((error: unknown) => {
        logError('poll failed', { error: String(error) });
        return false;
      });
      // A 401 during the poll has reset the device: a fresh device has no schedule.
      if (!appMode(device().state)) return;
      device().change((state) => ({
        ...state,
        nextSync: nextSyncAfterPoll({
          ok,
          previous: state.nextSync,
          core: (state.configTemp ?? state.config)?.core,
          now: new Date(deps.now()),
          timeZone: deps.timeZone(),
          random: deps.random,
        }),
      }));
      if (device().state.hasConnectivity) await deps.upload();
    } finally {
      running = false;
    }
  };

  const tick = async (): Promise<TickResult> => {
    const state = device().state;
    const plan = planPollTick({
      pollRunning: running,
      setupComplete: appMode(state) && state.setupComplete,
      online: state.hasConnectivity,
      nextSync: state.nextSync,
      now: deps.now(),
      surveyInProgress: deps.surveyInProgress(),
      hasHeldConfig: state.configTemp !== null,
    });
    if (plan.applyHeldConfig) await deps.applyHeldConfig();
    if (!plan.poll.run) {
      if (plan.poll.reason === 'offline') retryWhenOnline = true;
      return plan.poll.reason;
    }
    await poll();
    return 'polled';
  };

  const stopTimer = deps.every(POLL_CHECK_INTERVAL_MS, () => void tick());
  return {
    tick,
    async online() {
      if (!retryWhenOnline) return null;
      retryWhenOnline = false;
      return tick();
    },
    surveyChanged: async (previous, next) => (pollOnSurveyChange(previous, next) ? tick() : null),
    stop: stopTimer,
  };
}
