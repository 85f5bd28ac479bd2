import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NONE_TEAM_ID, type StaffMember } from '@venue-voice/domain';
import { teamApi } from './team-api';

/** A listed member: the PIN is always present (null when none), as the team rules read it. */
export type TeamMember = StaffMember & { pinCode: string | null };

const STAFF_KEY = ['manage', 'staff'] as const;
const TEAMS_KEY = ['manage', 'teams'] as const;

/** The branch's members and team categories, loaded each time the screen is shown (D2). */
export function useTeam(enabled: boolean) {
  const client = useQueryClient();
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: async ({ signal }): Promise<TeamMember[]> =>
      (await teamApi.listStaff(signal)).map((m) => ({ ...m, pinCode: m.pinCode ?? null })),
    enabled,
    gcTime: 0,
    refetchOnMount: 'always',
  });
  const teams = useQuery({
    queryKey: TEAMS_KEY,
    queryFn: ({ signal }) => teamApi.listTeams(signal),
    enabled,
    gcTime: 0,
    refetchOnMount: 'always',
  });
  return {
    staff,
    // The synthetic None team (id 0) is not a category to pick: without others the select is hidden.
    teams: (teams.data ?? []).filter((team) => team.id !== NONE_TEAM_ID),
    refetch: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
    setStaff: (update: (members: TeamMember[]) => TeamMember[]) =>
      client.setQueryData<TeamMember[]>(STAFF_KEY, (members) => update(members ?? [])),
  };
}
