import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochDay } from '../reports/periods';
import {
  bestAndWorstDishes,
  caseAgeDays,
  DEFAULT_DIGEST_SCHEDULE,
  type DigestSchedule,
  digestPeriod,
  digestScheduleSchema,
  digestTimeZone,
  dueDigest,
  isoWeekKey,
  localMoment,
  mostThanked,
  signedChange,
} from './digest';

const HOUR = 3_600_000;

describe('O13.1 no setting is weekly, Monday 06:00', () => {
  it('is the issue’s default, and a valid setting', () => {
    expect(DEFAULT_DIGEST_SCHEDULE).toEqual({ frequency: 'weekly', weekday: 1, hour: 6 });
    expect(digestScheduleSchema.parse(DEFAULT_DIGEST_SCHEDULE)).toEqual(DEFAULT_DIGEST_SCHEDULE);
  });

  it.each([
    [{ frequency: 'monthly', weekday: 1, hour: 6 }],
    [{ frequency: 'weekly', weekday: 0, hour: 6 }],
    [{ frequency: 'weekly', weekday: 8, hour: 6 }],
    [{ frequency: 'daily', weekday: 1, hour: 24 }],
    [{ frequency: 'daily', weekday: 1, hour: 6.5 }],
  ])('refuses %o', (value) => {
    expect(digestScheduleSchema.safeParse(value).success).toBe(false);
  });
});

describe('O13.2 the local day, weekday and hour of an instant', () => {
  it.each([
    // London: GMT in winter, BST (UTC+1) from the last Sunday of March.
    ['2026-11-30T06:00:00Z', 'Europe/London', { date: '2026-11-30', weekday: 1, hour: 6 }],
    ['2026-06-01T05:00:00Z', 'Europe/London', { date: '2026-06-01', weekday: 1, hour: 6 }],
    ['2026-11-29T23:30:00Z', 'Europe/Berlin', { date: '2026-11-30', weekday: 1, hour: 0 }],
    ['2026-11-30T02:00:00Z', 'America/New_York', { date: '2026-11-29', weekday: 7, hour: 21 }],
    ['2026-11-30T00:30:00Z', 'Asia/Kolkata', { date: '2026-11-30', weekday: 1, hour: 6 }],
  ])('%s in %s', (iso, zone, expected) => {
    expect(localMoment(new Date(iso), zone)).toEqual(expected);
  });
});

describe('O13.3 a week’s key is its ISO 8601 week', () => {
  it.each([
    ['2026-11-23', '2026-W48'],
    ['2025-12-29', '2026-W01'],
    ['2026-12-28', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
    ['2020-12-28', '2020-W53'],
  ])('%s is %s', (monday, key) => {
    expect(isoWeekKey(monday)).toBe(key);
  });
});

describe('O13.4 the days a digest covers', () => {
  it.each([
    ['weekly', '2026-11-30', { key: '2026-W48', from: '2026-11-23', to: '2026-11-29' }],
    // Sent on a Wednesday: still the last whole Monday–Sunday week.
    ['weekly', '2026-12-02', { key: '2026-W48', from: '2026-11-23', to: '2026-11-29' }],
    ['weekly', '2026-11-29', { key: '2026-W47', from: '2026-11-16', to: '2026-11-22' }],
    ['weekly', '2027-01-04', { key: '2026-W53', from: '2026-12-28', to: '2027-01-03' }],
    ['daily', '2026-11-28', { key: '2026-11-27', from: '2026-11-27', to: '2026-11-27' }],
    ['daily', '2027-01-01', { key: '2026-12-31', from: '2026-12-31', to: '2026-12-31' }],
    ['daily', '2028-03-01', { key: '2028-02-29', from: '2028-02-29', to: '2028-02-29' }],
  ] as const)('%s sent %s', (frequency, date, expected) => {
    expect(digestPeriod(frequency, date)).toEqual({ frequency, ...expected });
  });

  it('a week is seven days ending the Sunday before the send day', () => {
    fc.assert(
      fc.property(fc.integer({ min: epochDay('2000-01-01') as number, max: 30_000 }), (day) => {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
        const period = digestPeriod('weekly', date);
        const from = epochDay(period.from) as number;
        const to = epochDay(period.to) as number;
        expect(to - from).toBe(6);
        expect(localMoment(new Date(`${period.to}T12:00:00Z`), 'UTC').weekday).toBe(7);
        expect(day - to).toBeGreaterThanOrEqual(1);
        expect(day - to).toBeLessThanOrEqual(7);
        expect(period.key).toBe(isoWeekKey(period.from));
      }),
    );
  });
});

describe('O13.5 when a digest is due', () => {
  const weekly: DigestSchedule = DEFAULT_DIGEST_SCHEDULE;
  it.each([
    ['2026-11-30T05:00:00Z', weekly, 'Europe/London', null],
    ['2026-11-30T06:00:00Z', weekly, 'Europe/London', '2026-W48'],
    // Down at 06:00: the next run that day still sends.
    ['2026-11-30T15:00:00Z', weekly, 'Europe/London', '2026-W48'],
    ['2026-12-01T06:00:00Z', weekly, 'Europe/London', null],
    // Summer: 06:00 BST is 05:00 UTC.
    ['2026-06-01T05:00:00Z', weekly, 'Europe/London', '2026-W22'],
    ['2026-06-01T04:00:00Z', weekly, 'Europe/London', null],
    ['2026-11-30T05:00:00Z', weekly, 'Europe/Berlin', '2026-W48'],
    ['2026-11-30T06:00:00Z', weekly, 'America/New_York', null],
    ['2026-11-30T11:00:00Z', weekly, 'America/New_York', '2026-W48'],
    ['2026-12-02T09:00:00Z', { frequency: 'weekly', weekday: 3, hour: 9 }, 'UTC', '2026-W48'],
    ['2026-11-28T07:00:00Z', { frequency: 'daily', weekday: 1, hour: 7 }, 'UTC', '2026-11-27'],
    ['2026-11-28T06:00:00Z', { frequency: 'daily', weekday: 1, hour: 7 }, 'UTC', null],
    ['2026-11-30T06:00:00Z', { frequency: 'off', weekday: 1, hour: 6 }, 'Europe/London', null],
  ] as const)('%s, %o in %s: %s', (iso, schedule, zone, key) => {
    expect(dueDigest(schedule, new Date(iso), zone)?.key ?? null).toBe(key);
  });

  // The hourly job (minute 0 UTC) run through a span, sending what is due and keeping what it sent as
  // digest_sends does: each expected period must be sent exactly once, on its local day, from its hour.
  function simulate(schedule: DigestSchedule, zone: string, startIso: string, days: number) {
    const sent = new Map<string, Date>();
    const start = Date.parse(startIso);
    for (let t = start; t < start + days * 24 * HOUR; t += HOUR) {
      const due = dueDigest(schedule, new Date(t), zone);
      if (due && !sent.has(due.key)) sent.set(due.key, new Date(t));
    }
    return sent;
  }

  const ZONES = [
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe', // a half-hour DST change
    'America/Santiago', // DST changes at local midnight
    'Asia/Kolkata', // UTC+05:30, no DST
  ];
  // Spans holding each zone's spring and autumn changes of 2026.
  const SPANS = [
    '2026-03-01T00:00:00Z',
    '2026-03-25T00:00:00Z',
    '2026-09-01T00:00:00Z',
    '2026-10-20T00:00:00Z',
  ];

  it('across DST changes: never twice, never skipped (daily, every hour)', () => {
    for (const zone of ZONES)
      for (const span of SPANS)
        for (let hour = 0; hour < 24; hour++) {
          const sent = simulate({ frequency: 'daily', weekday: 1, hour }, zone, span, 21);
          // Every local day after the first whole one is covered once, sent on the next local day.
          const keys = [...sent.keys()];
          for (let i = 1; i < keys.length; i++)
            expect(
              (epochDay(keys[i] as string) as number) - (epochDay(keys[i - 1] as string) as number),
            ).toBe(1);
          expect(keys.length).toBeGreaterThanOrEqual(19);
          for (const [key, at] of sent) {
            const local = localMoment(at, zone);
            expect((epochDay(local.date) as number) - (epochDay(key) as number)).toBe(1);
            expect(local.hour).toBeGreaterThanOrEqual(hour);
            // The first run at or after the hour (unless the span began later that day): an hour
            // earlier was before it, or another day.
            if (at.getTime() - HOUR < Date.parse(span)) continue;
            const before = localMoment(new Date(at.getTime() - HOUR), zone);
            expect(before.date !== local.date || before.hour < hour).toBe(true);
          }
        }
  });

  it('across DST changes: never twice, never skipped (weekly, any day and hour)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...SPANS),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 23 }),
        (zone, span, weekday, hour) => {
          const sent = simulate({ frequency: 'weekly', weekday, hour }, zone, span, 49);
          const mondays = [...sent.values()].map((at) => localMoment(at, zone));
          expect(sent.size).toBeGreaterThanOrEqual(6);
          for (const local of mondays) {
            expect(local.weekday).toBe(weekday);
            expect(local.hour).toBeGreaterThanOrEqual(hour);
          }
          const froms = [...sent.keys()].map((key) => key);
          expect(new Set(froms).size).toBe(froms.length);
          // Consecutive weeks, none skipped.
          const starts = [...sent.values()].map(
            (at) => epochDay(digestPeriod('weekly', localMoment(at, zone).date).from) as number,
          );
          for (let i = 1; i < starts.length; i++)
            expect((starts[i] as number) - (starts[i - 1] as number)).toBe(7);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('O13.6 the zone a digest is timed in', () => {
  it.each([
    [[], 'Europe/London'],
    [[{ id: 2, timeZone: 'Europe/Berlin' }], 'Europe/Berlin'],
    [
      [
        { id: 7, timeZone: 'Europe/Madrid' },
        { id: 3, timeZone: 'Europe/Rome' },
      ],
      'Europe/Rome',
    ],
  ])('%o: %s', (branches, zone) => {
    expect(digestTimeZone(branches)).toBe(zone);
  });
});

const dish = (name: string, good: number, bad: number, ratings = 10) => ({
  name,
  ref: name,
  ratings,
  shares: { good, bad },
});

describe('O13.7 best and worst dishes', () => {
  it.each([
    ['none rated', [], [], []],
    ['fewer than 5 ratings are left out', [dish('a', 100, 0, 4)], [], []],
    ['one dish is best only', [dish('a', 50, 50)], ['a'], []],
    ['two: one each way', [dish('a', 10, 80), dish('b', 90, 0)], ['b'], ['a']],
    [
      'seven: three each way, worst first',
      [
        dish('a', 10, 80),
        dish('b', 90, 0),
        dish('c', 50, 10),
        dish('d', 70, 10),
        dish('e', 20, 60),
        dish('f', 40, 40),
        dish('g', 80, 0),
      ],
      ['b', 'g', 'd'],
      ['a', 'e', 'f'],
    ],
    ['ties: more ratings first', [dish('a', 80, 0, 5), dish('b', 80, 0, 9)], ['b'], ['a']],
  ])('%s', (_, dishes, best, worst) => {
    const result = bestAndWorstDishes(dishes);
    expect(result.best.map((d) => d.name)).toEqual(best);
    expect(result.worst.map((d) => d.name)).toEqual(worst);
  });

  it('never names a dish both ways, nor more than three each', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            good: fc.integer({ min: 0, max: 100 }),
            bad: fc.integer({ min: 0, max: 100 }),
            ratings: fc.integer({ min: 0, max: 20 }),
          }),
        ),
        (rows) => {
          const dishes = rows.map((r, i) => dish(`d${i}`, r.good, r.bad, r.ratings));
          const { best, worst } = bestAndWorstDishes(dishes);
          expect(best.length).toBeLessThanOrEqual(3);
          expect(worst.length).toBeLessThanOrEqual(3);
          expect(best.filter((d) => worst.includes(d))).toEqual([]);
          for (const d of [...best, ...worst]) expect(d.ratings).toBeGreaterThanOrEqual(5);
        },
      ),
    );
  });
});

describe('O13.8 staff most thanked', () => {
  it('most chosen first, named only, three at most', () => {
    const members = [
      { name: 'Ann', chosen: 2 },
      { name: null, chosen: 9 },
      { name: 'Bo', chosen: 5 },
      { name: 'Cy', chosen: 0 },
      { name: 'Di', chosen: 2 },
      { name: 'Ed', chosen: 1 },
    ];
    expect(mostThanked(members).map((m) => m.name)).toEqual(['Bo', 'Ann', 'Di']);
  });
});

describe('O13.9 changes and ages as written', () => {
  it.each([
    [3, '+3'],
    [-2, '−2'],
    [0, '±0'],
    [1.5, '+1.5'],
  ])('%d is %s', (change, text) => {
    expect(signedChange(change)).toBe(text);
  });

  it('writes the amount the reader’s way', () => {
    expect(signedChange(-1.5, (n) => new Intl.NumberFormat('de').format(n))).toBe('−1,5');
  });

  it.each([
    ['2026-11-30T06:00:00Z', '2026-11-30T05:00:00Z', 0],
    ['2026-11-30T06:00:00Z', '2026-11-29T06:00:00Z', 1],
    ['2026-11-30T06:00:00Z', '2026-11-20T07:00:00Z', 9],
  ])('a case opened %2$s is %3$d days old at %1$s', (now, opened, days) => {
    expect(caseAgeDays(new Date(opened), new Date(now))).toBe(days);
  });
});
