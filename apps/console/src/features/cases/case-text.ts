import { ageParts } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../platform/i18n';

/** O14.2 An age as the operator reads it: "45 min", "3 h", "2 days". */
export const ageText = (ms: number, t: TFunction): string => {
  const { value, unit } = ageParts(ms);
  return t(`cases.age.${unit}`, { count: value });
};

/** A due day (`YYYY-MM-DD`, the branch's) in the operator's language, without a time zone shift. */
export const dayText = (day: string): string =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
