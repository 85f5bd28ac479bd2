import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../platform/api-context';
import { currentLanguage } from '../../platform/i18n';

export const surveyConfigKey = (slug: string) => ['survey-config', slug] as const;

/** `survey.config` (edges core, surveys) for a slug; sent with X-Survey-Slug by the API layer. */
export function useSurveyConfig(slug: string) {
  const api = useApi();
  return useQuery({
    queryKey: surveyConfigKey(slug),
    // The language is read at call time rather than keyed: switching to the survey's own language
    // after this answer must not fetch the same configuration again.
    queryFn: () => api.surveyConfig(slug, currentLanguage()),
    staleTime: 5 * 60_000,
  });
}
