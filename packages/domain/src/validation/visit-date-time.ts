/** Visit date-time of the check-in form (guest-flow.md §5, G5.3–G5.5). */
import { compareLocal, isRealDate, isRealTime, type LocalDateTime, localPartsOf } from './local-time';
import { isBlank } from './shared';
import { invalid, type Result } from './types';

/** The date layouts the spec accepts, in the order an ambiguous date is tried (day first: UK venues). */
export const VISIT_DATE_FORMATS = ['DD-MM-YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD'] as const;
export type VisitDateFormat = (typeof VISIT_DATE_FORMATS)[number];

/** A parsed visit: venue wall-clock parts (no zone attached) and the layout that read them. */
export type VisitDateTime = LocalDateTime & { format: VisitDateFormat };

// Date, one space or an ISO 'T', then HH:mm with optional :ss. Every field has its leading zero.
const TWO_FIRST = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const numbers = (match: RegExpExecArray): number[] => match.map((part) => Number(part ?? 0));

/** Every reading of the text, most likely first (an ambiguous date has two). */
const readings = (value: string): VisitDateTime[] => {
  const yearFirst = YEAR_FIRST.exec(value);
  if (yearFirst) {
    const [, year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = numbers(yearFirst);
    return [{ format: 'YYYY-MM-DD', year, month, day, hour, minute, second }];
  }
  const twoFirst = TWO_FIRST.exec(value);
  if (!twoFirst) return [];
  const [, first = 0, next = 0, year = 0, hour = 0, minute = 0, second = 0] = numbers(twoFirst);
  const time = { hour, minute, second };
  return [
    { format: 'DD-MM-YYYY', year, month: next, day: first, ...time },
    { format: 'MM-DD-YYYY', year, month: first, day: next, ...time },
  ];
};

/** Reads a visit date-time without judging it against the clock; null when no accepted layout fits. */
export const parseVisitDateTime = (value: string): VisitDateTime | null =>
  readings(value).find((r) => isRealDate(r.year, r.month, r.day) && isRealTime(r.hour, r.minute, r.second)) ??
  null;

/**
 * Visit date-time field: blank is form.required, an unreadable value checkin.visitInvalid, a moment not
 * before `now` (read in the venue's `timeZone`, or the runtime's zone) checkin.visitInFuture.
 */
export const validateVisitDateTime = (value: string, now: Date, timeZone?: string): Result<VisitDateTime> => {
  if (isBlank(value)) return { ok: false, error: invalid('form.required') };
  const visit = parseVisitDateTime(value);
  if (!visit) return { ok: false, error: invalid('checkin.visitInvalid') };
  if (compareLocal(visit, localPartsOf(now, timeZone)) >= 0) {
    return { ok: false, error: invalid('checkin.visitInFuture') };
  }
  return { ok: true, value: visit };
};
