/**
 * Decision 0144: a tablet's contact details are dated by its create's local `surveyCompleted`, read at
 * the latest instant it can name (branches have no time zone). Whatever the tablet's zone, DST or
 * offline span, the date is never before the guest finished (the 7 days never start early) and never
 * after the details arrived, and at most 12 h + the zone's offset late.
 */
import { formatLocalDateTime } from '@venue-voice/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactGivenAt, latestInstantOf } from '../../src/services/retention/contact-given-at';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = Intl.supportedValuesOf('timeZone');

/** The zone's UTC offset at `at`, in ms (local wall clock read as UTC, minus the instant). */
const offsetAt = (at: Date, zone: string) =>
  Date.parse(`${formatLocalDateTime(at, zone).replace(' ', 'T')}Z`) - Math.floor(at.getTime() / 1000) * 1000;

const app = (finished: Date, zone: string) => ({
  authType: 'app',
  surveyCompleted: formatLocalDateTime(finished, zone),
});

describe('contactGivenAt (decision 0144)', () => {
  it('property: finished ≤ given_at ≤ arrival, and given_at ≤ finished + 12 h + the offset, in every zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 30 * DAY }),
        (zone, finished, offline) => {
          const arrival = new Date(finished.getTime() + offline);
          const given = contactGivenAt(arrival, app(finished, zone));
          expect(given.getTime()).toBeLessThanOrEqual(arrival.getTime());
          // ≥ arrival − offline span: the details never look older than they are.
          expect(given.getTime()).toBeGreaterThanOrEqual(arrival.getTime() - offline);
          const late = 12 * HOUR + offsetAt(finished, zone) + 1000;
          expect(given.getTime()).toBeLessThanOrEqual(finished.getTime() + late);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('every zone names its offsets within −12 h … +14 h, the range the latest instant assumes', () => {
    const probes = Array.from({ length: 24 }, (_, m) => new Date(Date.UTC(2026, m, 15, 12)));
    const offsets = ZONES.flatMap((zone) => probes.map((at) => offsetAt(at, zone)));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-12 * HOUR);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(14 * HOUR);
  });

  it('zones whose local date is not the UTC date: dated by the latest instant, not the local date', () => {
    // 08:30 on the 15th in Auckland (NZST, +12) is 20:30 UTC on the 14th.
    const auckland = new Date('2025-06-14T20:30:00Z');
    const arrival = new Date(auckland.getTime() + 10 * DAY);
    expect(app(auckland, 'Pacific/Auckland').surveyCompleted).toBe('2025-06-15 08:30:00');
    expect(contactGivenAt(arrival, app(auckland, 'Pacific/Auckland')).toISOString()).toBe(
      '2025-06-15T20:30:00.999Z',
    );
    // 20:00 on the 14th in Los Angeles (PDT, −7) is 03:00 UTC on the 15th: 5 h late at most.
    const la = new Date('2025-06-15T03:00:00Z');
    expect(
      contactGivenAt(new Date(la.getTime() + 10 * DAY), app(la, 'America/Los_Angeles')).toISOString(),
    ).toBe('2025-06-15T08:00:00.999Z');
  });

  it('DST edges in London: the skipped and the repeated hour both date at or after the instant', () => {
    const cases = [
      '2025-03-30T00:59:59Z', // 00:59:59 GMT, the last second before the clocks go forward
      '2025-03-30T01:00:00Z', // 02:00:00 BST
      '2025-10-26T00:30:00Z', // 01:30 BST, the first time
      '2025-10-26T01:30:00Z', // 01:30 GMT, the second time: the same text, an hour later
    ].map((iso) => new Date(iso));
    for (const finished of cases) {
      const given = contactGivenAt(new Date(finished.getTime() + 8 * DAY), app(finished, 'Europe/London'));
      expect(given.getTime()).toBeGreaterThanOrEqual(finished.getTime());
      expect(given.getTime() - finished.getTime()).toBeLessThanOrEqual(13 * HOUR + 999);
    }
    // The repeated 01:30 is one text: dated by its latest reading, so the second guest's 7 days hold too.
    const [, , first, second] = cases as [Date, Date, Date, Date];
    expect(app(first, 'Europe/London').surveyCompleted).toBe(app(second, 'Europe/London').surveyCompleted);
  });

  it('Etc/GMT+12 (−12 h) is exact: the latest instant is the instant', () => {
    const finished = new Date('2025-06-14T18:30:00Z');
    const given = contactGivenAt(new Date(finished.getTime() + DAY), app(finished, 'Etc/GMT+12'));
    expect(given.getTime() - finished.getTime()).toBe(999);
  });

  it('web guests, unknown or unreal local times: dated by the arrival', () => {
    const arrival = new Date('2025-06-14T18:30:00Z');
    const old = '2025-06-01 18:25:00';
    expect(contactGivenAt(arrival, { authType: 'web', surveyCompleted: old })).toBe(arrival);
    expect(contactGivenAt(arrival, { authType: 'app', surveyCompleted: null })).toBe(arrival);
    for (const text of ['2025-02-29 12:00:00', '2025-06-14 24:00:00', '2025-06-14 18:60:00', '2025-06-14']) {
      expect(latestInstantOf(text)).toBeNull();
      expect(contactGivenAt(arrival, { authType: 'app', surveyCompleted: text })).toBe(arrival);
    }
    expect(latestInstantOf('0099-01-01 00:00:00')?.toISOString()).toBe('0099-01-01T12:00:00.999Z');
  });
});
