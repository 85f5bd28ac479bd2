import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localPartsOf } from './local-time';

const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'America/Santiago', // DST changes at local midnight
  'Australia/Lord_Howe', // a half-hour DST change
  'Asia/Kathmandu', // UTC+05:45
  'Pacific/Chatham', // UTC+12:45 / +13:45
  'America/St_Johns', // UTC-03:30 with DST
];

/** What Intl itself reads for the instant: the reference the remembered offsets must agree with. */
function intlParts(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    millisecond: now.getUTCMilliseconds(),
  };
}

// G5.5, G4.84, D3.1 and the digests (O13.5) read `now` as wall clock in the venue's zone.
describe('localPartsOf: the wall clock of an instant in a named zone', () => {
  it('equals Intl’s own reading at any instant 1900–2100, twice in a row (the second from the remembered offset)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          const now = new Date(ms);
          expect(localPartsOf(now, zone)).toEqual(intlParts(now, zone));
          expect(localPartsOf(new Date(ms), zone)).toEqual(intlParts(now, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is right on each side of a DST change, to the second, in the same minute as one read before', () => {
    // Europe/London: 2026-03-29 01:00:00 UTC clocks go from 01:00 GMT to 02:00 BST.
    const before = new Date(Date.UTC(2026, 2, 29, 0, 59, 59, 500));
    const after = new Date(Date.UTC(2026, 2, 29, 1, 0, 0, 0));
    expect(localPartsOf(before, 'Europe/London')).toMatchObject({ hour: 0, minute: 59, second: 59 });
    expect(localPartsOf(after, 'Europe/London')).toMatchObject({ day: 29, hour: 2, minute: 0, second: 0 });
    // Lord Howe: 2026-04-05 at 02:00 local (+11) back to 01:30 (+10:30), 15:00 UTC on the 4th.
    expect(localPartsOf(new Date(Date.UTC(2026, 3, 4, 14, 59, 59)), 'Australia/Lord_Howe')).toMatchObject({
      hour: 1,
      minute: 59,
    });
    expect(localPartsOf(new Date(Date.UTC(2026, 3, 4, 15, 0, 0)), 'Australia/Lord_Howe')).toMatchObject({
      hour: 1,
      minute: 30,
    });
  });
});
