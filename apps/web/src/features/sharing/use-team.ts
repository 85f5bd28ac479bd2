import { useQuery } from '@tanstack/react-query';
import type { GuestStaffMember } from '@venue-voice/domain';
import { useApi } from '../../platform/api-context';
import { currentLanguage } from '../../platform/i18n';
import { useGuestSession } from '../../shared/session/session-store';

const none: GuestStaffMember[] = [];

/**
 * The branch's team, only when the guest thanked a member (the summary names them). The questions'
 * copy is not kept over a reload, so this asks survey.config's staff edge itself; a failure leaves the
 * member out of the summary rather than showing an error for a nicety (G8 hides config failures).
 */
export function useTeam(wanted: boolean): readonly GuestStaffMember[] {
  const api = useApi();
  const slug = useGuestSession((session) => session.slug);
  const branchId = useGuestSession((session) => session.branchId);
  const enabled = wanted && slug !== null && branchId !== null;
  const query = useQuery({
    queryKey: ['sharing', 'team', slug, branchId],
    queryFn: () => api.surveyStaff(slug ?? '', currentLanguage(), branchId ?? 0),
    enabled,
    staleTime: 30 * 60_000,
    retry: false,
  });
  return enabled && query.data ? query.data : none;
}
