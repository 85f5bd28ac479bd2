import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localPartsOf } from './local-time';
import { parseVisitDateTime, VISIT_DATE_FORMATS, validateVisitDateTime } from './visit-date-time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
// 14:30:00 UTC on 10 June 2025 = 15:30:00 in London (BST).
const now = new Date(Date.UTC(2025, 5, 10, 14, 30, 0));

describe('visit date-time', () => {
  it.each([
    [
      '10-06-2025 12:00',
      { format: 'DD-MM-YYYY', year: 2025, month: 6, day: 10, hour: 12, minute: 0, second: 0 },
    ],
    [
      '06-25-2025 12:00:30',
      { format: 'MM-DD-YYYY', year: 2025, month: 6, day: 25, hour: 12, minute: 0, second: 30 },
    ],
    [
      '2025-06-10 00:00',
      { format: 'YYYY-MM-DD', year: 2025, month: 6, day: 10, hour: 0, minute: 0, second: 0 },
    ],
    [
      '2025-06-10T23:59:59',
      { format: 'YYYY-MM-DD', year: 2025, month: 6, day: 10, hour: 23, minute: 59, second: 59 },
    ],
  ])('G5.3 accepted layouts parse to wall-clock parts: %j', (value, expected) => {
    expect(parseVisitDateTime(value)).toEqual(expected);
  });

  it.each([
    '2025-06-10',
    '10-06-2025',
    '2025-06-10 24:00',
    '2025-06-10 12:60',
    '2025-06-10 12:00:60',
    '2025-06-10 9:05',
    '2025-6-10 09:05',
    '10/06/2025 09:05',
    '2025-02-29 09:05',
    '31-04-2025 09:05',
    '13-13-2025 09:05',
    '00-06-2025 09:05',
    '2025-06-10  09:05',
    ' 2025-06-10 09:05',
    '2025-06-10 09:05 ',
    '2025-06-10 09:05:00.000',
    '20250610 0905',
    'yesterday',
  ])('G5.3 anything else is invalid: %j', (value) => {
    expect(validateVisitDateTime(value, now, 'UTC')).toEqual({
      ok: false,
      error: { key: 'checkin.visitInvalid' },
    });
  });

  it.each(['', '   '])('G5.3 a blank visit is required: %j', (value) => {
    expect(validateVisitDateTime(value, now, 'UTC')).toEqual({ ok: false, error: { key: 'form.required' } });
  });

  it.each([
    ['03-04-2025 10:00', 'DD-MM-YYYY', 4, 3],
    ['12-11-2024 10:00', 'DD-MM-YYYY', 11, 12],
    ['04-25-2025 10:00', 'MM-DD-YYYY', 4, 25],
    ['25-04-2025 10:00', 'DD-MM-YYYY', 4, 25],
    ['02-29-2024 10:00', 'MM-DD-YYYY', 2, 29],
  ])('G5.4 an ambiguous date is read day first (UK): %j', (value, format, month, day) => {
    expect(parseVisitDateTime(value)).toMatchObject({ format, month, day });
  });

  it.each([
    ['10-06-2025 14:29:59', 'UTC', true],
    ['10-06-2025 14:30', 'UTC', false],
    ['10-06-2025 14:30:01', 'UTC', false],
    ['10-06-2025 15:29:59', 'Europe/London', true],
    ['10-06-2025 15:30:00', 'Europe/London', false],
    ['2025-06-11 00:00', 'Europe/London', false],
    ['2024-06-10 23:59', 'UTC', true],
  ])('G5.5 the visit must be before now in the venue zone: %j in %s', (value, zone, ok) => {
    const result = validateVisitDateTime(value, now, zone);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.error).toEqual({ key: 'checkin.visitInFuture' });
  });

  it('G5.5 a visit in the same second but before the milliseconds of now passes', () => {
    const later = new Date(Date.UTC(2025, 5, 10, 14, 30, 0, 500));
    expect(validateVisitDateTime('2025-06-10 14:30:00', later, 'UTC').ok).toBe(true);
  });

  it('G5.5 without a zone, now is read in the runtime zone', () => {
    const local = localPartsOf(now);
    const text = `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}`;
    expect(validateVisitDateTime(text, now).ok).toBe(false);
    expect(validateVisitDateTime('2000-01-01 00:00', now).ok).toBe(true);
  });

  const format = (
    p: { year: number; month: number; day: number },
    layout: (typeof VISIT_DATE_FORMATS)[number],
  ) =>
    layout === 'YYYY-MM-DD'
      ? `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`
      : layout === 'DD-MM-YYYY'
        ? `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)}`
        : `${pad(p.month)}-${pad(p.day)}-${pad(p.year, 4)}`;

  it('G5.3 G5.4 G5.5 property: a visit is accepted only before now, and an unambiguous one is read as typed', () => {
    const moment = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2030-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        moment,
        // now lands within two days either side of the visit, so the boundary is crossed often
        fc.integer({ min: -172_800_000, max: 172_800_000 }),
        fc.constantFrom(...VISIT_DATE_FORMATS),
        fc.boolean(),
        (visitAt, offset, layout, withSeconds) => {
          const nowAt = new Date(visitAt.getTime() + offset);
          const p = localPartsOf(visitAt, 'UTC');
          const time = `${pad(p.hour)}:${pad(p.minute)}${withSeconds ? `:${pad(p.second)}` : ''}`;
          const text = `${format(p, layout)} ${time}`;
          const parsed = parseVisitDateTime(text);
          expect(parsed).not.toBeNull();
          if (!parsed) return;
          const read = Date.UTC(
            parsed.year,
            parsed.month - 1,
            parsed.day,
            parsed.hour,
            parsed.minute,
            parsed.second,
          );
          expect(validateVisitDateTime(text, nowAt, 'UTC').ok).toBe(read < nowAt.getTime());
          // An unambiguous date is read back as typed (an ambiguous MM-DD one is read day first, G5.4).
          if (layout !== 'MM-DD-YYYY' || p.day > 12 || p.day === p.month) {
            expect(parsed).toMatchObject({
              year: p.year,
              month: p.month,
              day: p.day,
              hour: p.hour,
              minute: p.minute,
            });
          }
        },
      ),
    );
  });
});
