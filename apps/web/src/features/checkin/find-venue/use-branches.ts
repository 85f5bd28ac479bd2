import { useQuery } from '@tanstack/react-query';
import type { Coordinates } from '../../../platform/api';
import { useApi } from '../../../platform/api-context';
import { currentLanguage } from '../../../platform/i18n';

/** Rounded to about 100 m: enough to sort venues, and nearby guests share one cache entry. */
const rounded = (near: Coordinates | null) =>
  near ? [Math.round(near.latitude * 1000) / 1000, Math.round(near.longitude * 1000) / 1000] : null;

/** The cache key of survey.branch for the slug and (rounded) position; null: all venues, unsorted. */
export const branchesQueryKey = (slug: string, near: Coordinates | null = null) => [
  'survey-branches',
  slug,
  rounded(near),
];

/** How long a download of the venues is used before it is asked for again. */
const BRANCHES_STALE_MS = 5 * 60_000;

/** survey.branch for the slug: all its venues, or nearest first with their distance (G2 find venue). */
export function useBranches(slug: string, near: Coordinates | null = null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: branchesQueryKey(slug, near),
    queryFn: () => api.surveyBranches(slug, currentLanguage(), near ?? undefined),
    staleTime: BRANCHES_STALE_MS,
    enabled,
  });
}
