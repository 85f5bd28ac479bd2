import { TeamMemberStatus } from '../enums';
import type { GuestStaffMember } from '../schemas/staff';
import type { StaffSelector } from './staff';

/** The filter button every staff list starts on (G2). */
export const STAFF_FILTER_ALL = 'all';

export type StaffFilterButton = { id: string; label: string | null; teamId: number | null };
export type StaffListQuery = { search: string; filterId: string };

/** G4.56: a list opens unfiltered and unsearched. */
export const initialStaffListQuery = (): StaffListQuery => ({ search: '', filterId: STAFF_FILTER_ALL });

/**
 * G4.56: the filter buttons: 'all' first (its label comes from the locale, hence null), then the
 * survey's filters in their order. A configured filter with the id 'all' is not repeated.
 */
export const staffFilterButtons = (selector: StaffSelector): StaffFilterButton[] => [
  { id: STAFF_FILTER_ALL, label: null, teamId: null },
  ...selector.filters.filter((filter) => filter.id !== STAFF_FILTER_ALL),
];

/** G4.55: a member matches when the display or full name contains the search, ignoring case. */
export function staffNameMatches(member: GuestStaffMember, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [member.displayName, member.fullName].some((name) => name.toLocaleLowerCase().includes(needle));
}

/**
 * G4.55, G4.56: the members a guest sees: active ones only, in the given order, matching the search
 * and the chosen filter's team. An unknown filter id, or a filter without a team, shows everyone.
 */
export function visibleStaff<M extends GuestStaffMember>(
  selector: StaffSelector,
  members: readonly M[],
  query: StaffListQuery,
): M[] {
  const filter = selector.filters.find((candidate) => candidate.id === query.filterId);
  const teamId = query.filterId === STAFF_FILTER_ALL ? null : (filter?.teamId ?? null);
  return members.filter(
    (member) =>
      member.status === TeamMemberStatus.ACTIVE &&
      (teamId === null || member.teamId === teamId) &&
      staffNameMatches(member, query.search),
  );
}
