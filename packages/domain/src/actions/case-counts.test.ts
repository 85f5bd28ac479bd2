import { describe, expect, it } from 'vitest';
import { type CaseTally, caseCounts, caseCountsSchema, UNRESOLVED_CASE_STATUSES } from './case-counts';

const tally = (extra: Partial<CaseTally>): CaseTally => ({
  status: 'open',
  dueOn: null,
  timeZone: 'Europe/London',
  count: 1,
  ...extra,
});

describe('O14.10 the counts of what waits', () => {
  // 23:30 in London on the 28th is already the 29th in Berlin, still the 28th in New York.
  const now = new Date('2026-11-28T23:30:00Z');

  it.each<[string, CaseTally[], { unresolved: number; overdue: number }]>([
    ['nothing', [], { unresolved: 0, overdue: 0 }],
    [
      'open and in progress count, resolved not',
      [
        tally({ count: 2 }),
        tally({ status: 'in_progress', count: 3 }),
        tally({ status: 'resolved', count: 5, dueOn: '2026-01-01' }),
      ],
      { unresolved: 5, overdue: 0 },
    ],
    [
      'due before today is overdue, due today is not',
      [
        tally({ dueOn: '2026-11-27', count: 2 }),
        tally({ status: 'in_progress', dueOn: '2026-11-27' }),
        tally({ dueOn: '2026-11-28', count: 4 }),
      ],
      { unresolved: 7, overdue: 3 },
    ],
    [
      'on each branch’s own day',
      [
        tally({ dueOn: '2026-11-28', timeZone: 'Europe/Berlin' }),
        tally({ dueOn: '2026-11-28', timeZone: 'America/New_York', count: 2 }),
      ],
      { unresolved: 3, overdue: 1 },
    ],
    [
      'a case of no branch by London’s day',
      [tally({ dueOn: '2026-11-27', timeZone: null }), tally({ dueOn: '2026-11-28', timeZone: null })],
      { unresolved: 2, overdue: 1 },
    ],
  ])('%s', (_name, tallies, counts) => {
    expect(caseCounts(tallies, now)).toEqual(counts);
    expect(caseCountsSchema.parse(counts)).toEqual(counts);
  });

  it('unresolved is every status but resolved, as the list’s filter', () => {
    expect(UNRESOLVED_CASE_STATUSES).toEqual(['open', 'in_progress']);
  });
});
