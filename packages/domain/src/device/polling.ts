/** Polling the server for config and surveys (device-mode.md §4 Polling, Survey in progress; D4.13–D4.19). */
import { POLLING_INTERVAL_MS } from '../constants';
import type { MessageKey } from '../messages';
import type { Random } from '../random';
import type { CoreSection } from '../schemas';
import { nextSyncTime, syncScheduleOf } from './sync-schedule';

/** How often the app asks pollDecision whether to poll. */
export const POLL_CHECK_INTERVAL_MS = POLLING_INTERVAL_MS;

export type PollInput = {
  pollRunning: boolean;
  setupComplete: boolean;
  online: boolean;
  /** Epoch ms; null before the first poll, which is then due at once. */
  nextSync: number | null;
  now: number;
};

export type PollDecision =
  | { run: true }
  | { run: false; reason: 'running' | 'notDue' }
  | { run: false; reason: 'registrationNeeded'; message: MessageKey }
  | { run: false; reason: 'offline'; retryWhenOnline: true };

/** Whether to poll now: skipped while one runs, before setup, offline (retried online), or before nextSync. */
export const pollDecision = (input: PollInput): PollDecision => {
  if (input.pollRunning) return { run: false, reason: 'running' };
  if (!input.setupComplete)
    return { run: false, reason: 'registrationNeeded', message: 'device.registrationNeeded' };
  if (!input.online) return { run: false, reason: 'offline', retryWhenOnline: true };
  if (input.nextSync !== null && input.now < input.nextSync) return { run: false, reason: 'notDue' };
  return { run: true };
};

/** One interval tick: held config moves live first (when no survey runs), then the poll decision. */
export const planPollTick = (
  input: PollInput & { surveyInProgress: boolean; hasHeldConfig: boolean },
): { applyHeldConfig: boolean; poll: PollDecision } => ({
  applyHeldConfig: input.hasHeldConfig && !input.surveyInProgress,
  poll: pollDecision(input),
});

/**
 * nextSync after a poll. A successful poll schedules the next cron time plus spread; a failed one keeps
 * the passed nextSync, so the next check (5 minutes later) tries again instead of waiting a day.
 */
export const nextSyncAfterPoll = (input: {
  ok: boolean;
  previous: number | null;
  core: Pick<CoreSection, 'schedules'> | null | undefined;
  now: Date;
  timeZone: string;
  random: Random;
}): number | null =>
  input.ok
    ? nextSyncTime(syncScheduleOf(input.core), input.now, input.timeZone, input.random)
    : input.previous;

/** A survey is in progress when a survey id is set (0 and null mean none). */
export const isSurveyInProgress = (surveyId: number | string | null | undefined): boolean =>
  surveyId !== null && surveyId !== undefined && surveyId !== 0 && surveyId !== '';

/** When a survey stops being in progress a poll is triggered (and held config may go live). */
export const pollOnSurveyChange = (
  previous: number | string | null | undefined,
  next: number | string | null | undefined,
): boolean => isSurveyInProgress(previous) && !isSurveyInProgress(next);
