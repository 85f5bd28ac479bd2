import { useQuery } from '@tanstack/react-query';
import type { Coordinates } from '../../../platform/api';
import { useApi } from '../../../platform/api-context';
import { currentLanguage } from '../../../platform/i18n';

/** Rounded to about 100 m: enough to sort venues, and nearby guests share one cache entry. */
const rounded = (near: Coordinates | null) =>
  near ? [Math.round(near.latitude * 1000) / 1000, Math.round(near.longitude * 1000) / 1000] : null;

/** survey.branch for the slug: all its venues, or nearest first with their distance (G2 find venue). */
export function useBranches(slug: string, near: Coordinates | null = null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['survey-branches', slug, rounded(near)],
    queryFn: () => api.surveyBranches(slug, currentLanguage(), near ?? undefined),
    staleTime: 5 * 60_000,
    enabled,
  });
}
