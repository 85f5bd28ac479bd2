/** When the tablet next polls the server (device-mode.md §4 Polling; D4.14–D4.18). */
import { Cron } from 'croner';
import { DEFAULT_SYNC_CRON, DEFAULT_SYNC_SPREAD_S } from '../constants';
import type { Random } from '../random';
import type { CoreSection } from '../schemas';

/** The `what` of the core section's schedule that drives polling. */
export const SYNC_SCHEDULE_WHAT = 'sync';

/** A sync schedule: a five-field cron expression and up to `spread` seconds of random delay. */
export type SyncSchedule = { when: string; spread: number };

export const DEFAULT_SYNC_SCHEDULE: SyncSchedule = { when: DEFAULT_SYNC_CRON, spread: DEFAULT_SYNC_SPREAD_S };

/** The config's sync schedule, or the default `20 5 * * *` with 1800 s when the config gives none. */
export const syncScheduleOf = (core: Pick<CoreSection, 'schedules'> | null | undefined): SyncSchedule => {
  const found = core?.schedules.find((schedule) => schedule.what === SYNC_SCHEDULE_WHAT);
  return found ? { when: found.when, spread: found.spread } : DEFAULT_SYNC_SCHEDULE;
};

const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/** The first run of `when` strictly after `now`, read in `timeZone`; null when the expression is unusable. */
export const nextCronTime = (when: string, now: Date, timeZone: string): Date | null => {
  try {
    // paused and without a callback: croner only evaluates the pattern and never starts a timer.
    return new Cron(when, { paused: true, timezone: timeZone }).nextRun(now);
  } catch {
    return null;
  }
};

/**
 * The next sync time: the next cron time after `now` plus a random delay in [0, spread) seconds, as
 * epoch ms. The cron is read in `timeZone`, the device's own IANA zone (the tablet stands in the venue,
 * so "05:20" means the venue's quiet early morning, in summer time too). A schedule whose expression
 * cannot run (malformed, or never matching) falls back to the default schedule.
 */
export const nextSyncTime = (schedule: SyncSchedule, now: Date, timeZone: string, random: Random): number => {
  if (!isTimeZone(timeZone)) throw new RangeError(`nextSyncTime: '${timeZone}' is not an IANA time zone`);
  const planned = nextCronTime(schedule.when, now, timeZone);
  const usable = planned ? schedule : DEFAULT_SYNC_SCHEDULE;
  const at = planned ?? (nextCronTime(DEFAULT_SYNC_SCHEDULE.when, now, timeZone) as Date);
  const spreadMs = Math.max(0, usable.spread) * 1000;
  return at.getTime() + Math.floor(random() * spreadMs);
};
