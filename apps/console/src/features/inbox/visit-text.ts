import { currentLocale } from '../../platform/i18n';

const VISIT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

/**
 * A visit time as the operator reads it. It is the branch's local time as the guest gave it (O5.6), so
 * it is shown as written, in the operator's language, never shifted into the browser's time zone.
 */
export function visitText(visitDatetime: string): string {
  const match = VISIT.exec(visitDatetime);
  if (!match) return visitDatetime;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi));
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}
