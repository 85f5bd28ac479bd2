/**
 * O14.10: how many cases wait for the operator, for the console's navigation (decision 0267): the
 * unresolved cases of the branches they read (O14.9), and how many of those are overdue (O14.3).
 */
import { z } from 'zod';
import { isOverdue, localDayOf } from './cases';
import { CASE_STATUSES, type CaseStatus } from './constants';

/** The statuses still to do: every status but resolved (the list's `unresolved`, O14.8). */
export const UNRESOLVED_CASE_STATUSES: readonly CaseStatus[] = CASE_STATUSES.filter(
  (status) => status !== 'resolved',
);

/** The day a case of no branch (a company-wide response) is due by: the company's default zone. */
export const CASE_FALLBACK_TIME_ZONE = 'Europe/London';

/** Cases of one status, due day and branch zone, as the database groups and counts them. */
export interface CaseTally {
  status: CaseStatus;
  dueOn: string | null;
  /** The branch's IANA zone; null for a case of no branch. */
  timeZone: string | null;
  count: number;
}

export const caseCountsSchema = z.object({
  unresolved: z.number().int().nonnegative().describe('Cases open or in progress'),
  overdue: z
    .number()
    .int()
    .nonnegative()
    .describe('Of those, the ones whose due day is over at their branch (O14.3)'),
});
export type CaseCounts = z.infer<typeof caseCountsSchema>;

/**
 * O14.10 The counts of what waits: every tally not resolved is unresolved; it is overdue when its due
 * day is over on its branch's own today (O14.3), so one `now` can make a London case overdue and a New
 * York one not yet. Tallies of resolved cases count for nothing.
 */
export function caseCounts(tallies: readonly CaseTally[], now: Date): CaseCounts {
  const todays = new Map<string, string>();
  const todayIn = (zone: string): string => {
    const known = todays.get(zone);
    if (known) return known;
    const day = localDayOf(now, zone);
    todays.set(zone, day);
    return day;
  };
  let unresolved = 0;
  let overdue = 0;
  for (const tally of tallies) {
    if (tally.status === 'resolved') continue;
    unresolved += tally.count;
    if (isOverdue(tally.dueOn, tally.status, todayIn(tally.timeZone ?? CASE_FALLBACK_TIME_ZONE)))
      overdue += tally.count;
  }
  return { unresolved, overdue };
}
