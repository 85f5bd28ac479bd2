import { useEffect } from 'react';
import { matchLanguage, setLanguage } from '../platform/i18n';

/** G1: the survey speaks its first survey's templateLocale (kept after a reload of a check-in step). */
export function useSurveyLanguage(templateLocale: string | undefined) {
  useEffect(() => {
    const language = matchLanguage([templateLocale]);
    if (language) void setLanguage(language);
  }, [templateLocale]);
}
