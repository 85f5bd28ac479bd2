import { lastTimeOrNever } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';

/** A time of the device (epoch ms) in the device's language, or 'never' (D2.6). */
export function useTimeText(): (epochMs: number | null) => string {
  const { t, i18n } = useTranslation('device');
  return (epochMs) => {
    const time = lastTimeOrNever(epochMs);
    if (time === 'never') return t('settings.never');
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  };
}
