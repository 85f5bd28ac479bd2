import { currentLocale } from '../platform/i18n';

/** A moment as the operator reads it (their language's date and time), or null when there is none. */
export function formatMoment(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
