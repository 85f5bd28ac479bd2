// O13.1–O13.9: the digest (issue 30 item 3): when an operator's digest is due, the days it covers, its
// key, and what of the reports it lists. The server reads the figures (services/digests); these rules
// decide. Local time is read with Intl in the branch's IANA zone (validation/local-time.ts, the one way
// the domain reads a zone: Node's ICU time-zone data), so a DST change moves nothing by an hour.
import { z } from 'zod';
import { enoughResponses } from '../reports/figures';
import { dateOfEpochDay, epochDay, type Period } from '../reports/periods';
import { localPartsOf } from '../validation/local-time';
import { DIGEST_FREQUENCIES, type DigestFrequency } from './constants';

/** An operator's digest setting (table digest_settings): weekday 1 Monday … 7 Sunday, hour 0–23 local. */
export interface DigestSchedule {
  frequency: DigestFrequency;
  weekday: number;
  hour: number;
}

/** O13.1 No setting stored: weekly, Monday 06:00 (issue 30 item 3). */
export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { frequency: 'weekly', weekday: 1, hour: 6 };

/** PUT /console/me/digest's body and GET's answer. */
export const digestScheduleSchema = z.object({
  frequency: z.enum(DIGEST_FREQUENCIES).describe('weekly, daily or off'),
  weekday: z.number().int().min(1).max(7).describe('The weekly digest’s day: 1 Monday … 7 Sunday'),
  hour: z.number().int().min(0).max(23).describe('The hour it is sent, in the time zone it is read in'),
});

/** GET /console/me/digest: the setting and the time zone its hour is read in (O13.5). */
export const digestSettingSchema = digestScheduleSchema.extend({
  timeZone: z.string().describe('The IANA zone of the first branch the operator sees (O13.5)'),
});
export type DigestSetting = z.infer<typeof digestSettingSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO weekday of a day since 1970-01-01 (a Thursday): 1 Monday … 7 Sunday. */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/** O13.2 An instant's local day (`YYYY-MM-DD`), ISO weekday and hour in an IANA zone. */
export function localMoment(now: Date, timeZone: string): { date: string; weekday: number; hour: number } {
  const parts = localPartsOf(now, timeZone);
  const date = `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`;
  return { date, weekday: isoWeekday(epochDay(date) as number), hour: parts.hour };
}

/**
 * O13.3 A week's key, `YYYY-Www`, from its Monday: ISO 8601's week, whose year is its Thursday's (so
 * 29 December 2025 is in 2026-W01, and 1 January 2027 in 2026-W53).
 */
export function isoWeekKey(monday: string): string {
  const thursday = (epochDay(monday) as number) + 3;
  const year = dateOfEpochDay(thursday).slice(0, 4);
  const firstOfYear = epochDay(`${year}-01-01`) as number;
  const week = Math.floor((thursday - firstOfYear) / 7) + 1;
  return `${year}-W${pad(week)}`;
}

export interface DigestPeriod extends Period {
  /** `2026-W48` (weekly) or `2026-11-27` (daily): digest_sends' key, one send per operator and key. */
  key: string;
  frequency: Exclude<DigestFrequency, 'off'>;
}

/**
 * O13.4 The days a digest sent on a local day covers: the previous Monday–Sunday week (weekly, whatever
 * the send day), or the day before (daily), as local days (the reports' days, O5.6).
 */
export function digestPeriod(frequency: DigestPeriod['frequency'], localDate: string): DigestPeriod {
  const today = epochDay(localDate) as number;
  if (frequency === 'daily') {
    const day = dateOfEpochDay(today - 1);
    return { frequency, key: day, from: day, to: day };
  }
  const thisMonday = today - (isoWeekday(today) - 1);
  const from = dateOfEpochDay(thisMonday - 7);
  return { frequency, key: isoWeekKey(from), from, to: dateOfEpochDay(thisMonday - 1) };
}

/**
 * O13.5 Whether a digest is due at `now` and for which period: on its day (every day for daily, its
 * weekday for weekly) from its hour on, local to `timeZone`, until the local day ends. "From its hour
 * on" is what makes the hourly job DST-safe: an hour a spring change skips is met by the next run, and
 * an hour an autumn change repeats gives the same key, which digest_sends holds once. A server down at
 * the hour sends at its next run that day; a day missed whole is not caught up a week late.
 */
export function dueDigest(schedule: DigestSchedule, now: Date, timeZone: string): DigestPeriod | null {
  if (schedule.frequency === 'off') return null;
  const local = localMoment(now, timeZone);
  if (local.hour < schedule.hour) return null;
  if (schedule.frequency === 'weekly' && local.weekday !== schedule.weekday) return null;
  return digestPeriod(schedule.frequency, local.date);
}

/** Where no branch names a zone (an owner of a company without branches). */
export const DIGEST_FALLBACK_TIME_ZONE = 'Europe/London';

/**
 * O13.6 The zone an operator's digest is timed in: that of the first branch (lowest id) they see; an
 * owner sees every branch, so the company's first. One zone per operator: one mail, one hour.
 */
export function digestTimeZone(branches: readonly { id: number; timeZone: string }[]): string {
  const first = [...branches].sort((a, b) => a.id - b.id)[0];
  return first?.timeZone ?? DIGEST_FALLBACK_TIME_ZONE;
}

/** O13.7 How many dishes the digest names each way, and how many staff. */
export const DIGEST_TOP = 3;

interface RatedDish {
  ratings: number;
  name: string | null;
  ref: string | null;
  shares: { good: number | null; bad: number | null };
}

/** Good share less bad share: a dish's net rating (−100…100). */
const net = (dish: RatedDish) => (dish.shares.good ?? 0) - (dish.shares.bad ?? 0);

/**
 * O13.7 Best and worst dishes: only dishes rated at least 5 times (O5.5), ranked by good share less bad
 * share (then more ratings, then name); the best are the top of that ranking, the worst its bottom
 * (worst first), at most DIGEST_TOP each and never the same dish in both (the upper half may be best,
 * the lower half worst).
 */
export function bestAndWorstDishes<T extends RatedDish>(dishes: readonly T[]): { best: T[]; worst: T[] } {
  const ranked = dishes
    .filter((dish) => enoughResponses(dish.ratings))
    .sort(
      (a, b) =>
        net(b) - net(a) ||
        b.ratings - a.ratings ||
        (a.name ?? a.ref ?? '').localeCompare(b.name ?? b.ref ?? ''),
    );
  const best = ranked.slice(0, Math.min(DIGEST_TOP, Math.ceil(ranked.length / 2)));
  const worstCount = Math.min(DIGEST_TOP, ranked.length - best.length);
  const worst = ranked.slice(ranked.length - worstCount).reverse();
  return { best, worst };
}

/**
 * O13.8 Staff most thanked: the members guests named most (times chosen), at most DIGEST_TOP, most
 * first; a member the team list no longer has is left out (no name to thank).
 */
export function mostThanked<T extends { chosen: number; name: string | null }>(members: readonly T[]): T[] {
  return members
    .filter((m) => m.chosen > 0 && m.name !== null)
    .sort((a, b) => b.chosen - a.chosen || (a.name ?? '').localeCompare(b.name ?? ''))
    .slice(0, DIGEST_TOP);
}

/**
 * O13.9 A change as the digest writes it: `+3`, `−2` (a minus sign), `±0`; `format` writes the amount
 * (the reader's decimal comma: `−1,5`).
 */
export function signedChange(change: number, format: (amount: number) => string = String): string {
  if (change === 0) return '±0';
  return `${change > 0 ? '+' : '−'}${format(Math.abs(change))}`;
}

/** O13.9 An open case's age in whole days since it was opened (0 on its first day). */
export const caseAgeDays = (openedAt: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / 86_400_000));
