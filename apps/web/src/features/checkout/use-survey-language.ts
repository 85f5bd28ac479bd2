import { useEffect } from 'react';
import { matchLanguage, setLanguage } from '../../platform/i18n';
import { useGuestSession } from '../session/session-store';

/** A reload lands on a step in the default language: switch back to the survey's own (G1). */
export function useSurveyLanguage(): void {
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);
  useEffect(() => {
    const language = matchLanguage([templateLocale]);
    if (language) void setLanguage(language);
  }, [templateLocale]);
}
