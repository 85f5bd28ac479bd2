import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NONE_TEAM_ID, type StaffMember } from '@venue-voice/domain';
import { teamApi } from './team-api';

/** A listed member: whether they have a PIN, never the PIN (decision 0197). */
export type TeamMember = StaffMember;

const STAFF_KEY = ['manage', 'staff'] as const;
const TEAMS_KEY = ['manage', 'teams'] as const;

/** The branch's members and team categories, loaded each time the screen is shown (D2). */
export function useTeam(enabled: boolean) {
  const client = useQueryClient();
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }): Promise<TeamMember[]> => teamApi.listStaff(signal),
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
