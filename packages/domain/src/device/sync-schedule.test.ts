import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_CRON, DEFAULT_SYNC_SPREAD_S } from '../constants';
import { seededRandom } from '../random';
import { DEFAULT_SYNC_SCHEDULE, nextCronTime, nextSyncTime, syncScheduleOf } from './sync-schedule';

const zero = () => 0;
const almostOne = () => 0.999_999_9;

describe('sync schedule', () => {
  it('D4.16 the default schedule is 20 5 * * * with a 1800 s spread when the config gives none', () => {
    expect(DEFAULT_SYNC_SCHEDULE).toEqual({ when: DEFAULT_SYNC_CRON, spread: DEFAULT_SYNC_SPREAD_S });
    expect(syncScheduleOf(null)).toEqual(DEFAULT_SYNC_SCHEDULE);
    expect(syncScheduleOf({ schedules: [] })).toEqual(DEFAULT_SYNC_SCHEDULE);
    expect(syncScheduleOf({ schedules: [{ what: 'report', when: '0 1 * * *', spread: 5 }] })).toEqual(
      DEFAULT_SYNC_SCHEDULE,
    );
    expect(
      syncScheduleOf({
        schedules: [
          { what: 'report', when: '0 1 * * *', spread: 5 },
          { what: 'sync', when: '*/30 * * * *', spread: 60 },
        ],
      }),
    ).toEqual({ when: '*/30 * * * *', spread: 60 });
  });

  it.each([
    // now (UTC), zone, expected cron time (UTC)
    ['2025-06-01T12:00:00Z', 'UTC', '2025-06-02T05:20:00.000Z'],
    ['2025-06-01T03:00:00Z', 'UTC', '2025-06-01T05:20:00.000Z'],
    ['2025-06-01T05:20:00Z', 'UTC', '2025-06-02T05:20:00.000Z'],
    // British summer time: 05:20 in London is 04:20 UTC
    ['2025-06-01T12:00:00Z', 'Europe/London', '2025-06-02T04:20:00.000Z'],
    ['2025-01-10T12:00:00Z', 'Europe/London', '2025-01-11T05:20:00.000Z'],
    ['2025-06-01T12:00:00Z', 'Europe/Madrid', '2025-06-02T03:20:00.000Z'],
  ])('D4.15 the next cron time is strictly after %s, read in the device zone %s', (now, zone, expected) => {
    expect(nextCronTime(DEFAULT_SYNC_CRON, new Date(now), zone)?.toISOString()).toBe(expected);
  });

  it('D4.15 next sync = next cron time plus a random spread in [0, spread) seconds', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const base = Date.parse('2025-06-02T05:20:00Z');
    expect(nextSyncTime(DEFAULT_SYNC_SCHEDULE, now, 'UTC', zero)).toBe(base);
    expect(nextSyncTime(DEFAULT_SYNC_SCHEDULE, now, 'UTC', almostOne)).toBe(base + 1800 * 1000 - 1);
    expect(nextSyncTime({ when: DEFAULT_SYNC_CRON, spread: 0 }, now, 'UTC', almostOne)).toBe(base);
    expect(nextSyncTime(DEFAULT_SYNC_SCHEDULE, now, 'UTC', seededRandom(7))).toBe(
      nextSyncTime(DEFAULT_SYNC_SCHEDULE, now, 'UTC', seededRandom(7)),
    );
  });

  it('D4.15 the next sync is always after now and within the spread of the cron time (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 86_400 }),
        fc.integer(),
        fc.constantFrom('UTC', 'Europe/London', 'America/New_York', 'Asia/Kolkata'),
        (now, spread, seed, zone) => {
          const schedule = { when: DEFAULT_SYNC_CRON, spread };
          const cron = nextCronTime(schedule.when, now, zone)?.getTime() ?? Number.NaN;
          const next = nextSyncTime(schedule, now, zone, seededRandom(seed));
          expect(next).toBeGreaterThan(now.getTime());
          expect(next - cron).toBeGreaterThanOrEqual(0);
          expect(next - cron).toBeLessThanOrEqual(Math.max(0, spread * 1000 - 1));
        },
      ),
    );
  });

  it.each(['not a cron', '61 5 * * *', '0 0 30 2 *', ''])(
    'D4.17 an unusable schedule %j falls back to the default schedule',
    (when) => {
      const now = new Date('2025-06-01T12:00:00Z');
      expect(nextSyncTime({ when, spread: 10 }, now, 'UTC', zero)).toBe(Date.parse('2025-06-02T05:20:00Z'));
    },
  );

  it('D4.17 a zone that is not an IANA zone is a programming error', () => {
    expect(() => nextSyncTime(DEFAULT_SYNC_SCHEDULE, new Date(0), 'Mars/Olympus', zero)).toThrow(RangeError);
  });
});
