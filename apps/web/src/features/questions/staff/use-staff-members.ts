import { useQuery } from '@tanstack/react-query';
import { type GuestStaffMember, StaffRenderType, type Survey } from '@venue-voice/domain';
import { useEffect } from 'react';
import { useApi } from '../../../platform/api-context';
import { currentLanguage } from '../../../platform/i18n';
import { logError } from '../../../platform/log';
import { useGuestSession } from '../../../shared/session/session-store';

/**
 * The team the staff question lists: `loading` while it downloads, `members` once there is someone to
 * pick, and `null` when the guest names the person in a comment instead (text mode, no branch chosen,
 * a branch with no active member, or a failed download).
 */
export type StaffMembers =
  | { loading: true; members: null }
  | { loading: false; members: GuestStaffMember[] | null };

const asComment: StaffMembers = { loading: false, members: null };

/**
 * The staff edge of the guest's branch (decision 0011). The venue landing downloads the config before
 * the branch is known, so the list is fetched here, once the survey starts: one request, only for
 * surveys whose staff question lists the team, kept for the visit.
 */
export function useStaffMembers(survey: Survey): StaffMembers {
  const api = useApi();
  const slug = useGuestSession((session) => session.slug);
  const branchId = useGuestSession((session) => session.branchId);
  const selector = survey.staffSelector;
  const wanted =
    selector.enabled && selector.renderType === StaffRenderType.SELECT && slug !== null && branchId !== null;
  const query = useQuery({
    queryKey: ['staff', slug, branchId],
    queryFn: () => api.surveyStaff(slug ?? '', currentLanguage(), branchId ?? 0),
    enabled: wanted,
    staleTime: 30 * 60_000,
  });
  // G8: a config download's failure is logged, not shown; the comment form still lets the guest answer.
  useEffect(() => {
    if (query.error) logError('The staff list could not be downloaded', { error: String(query.error) });
  }, [query.error]);

  if (!wanted || query.isError) return asComment;
  if (query.isPending) return { loading: true, members: null };
  return { loading: false, members: query.data.length > 0 ? query.data : null };
}
