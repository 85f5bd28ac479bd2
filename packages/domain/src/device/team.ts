/** Manage team screen and store rules (device-mode.md §2 Manage team, §4 Team management; D2.14–D2.17, D4.53–D4.57). */
import { TeamMemberStatus } from '../enums';
import { hasSettingsCapableMember } from '../validation';

/** The member fields the team list reads. */
export type ListedMember = {
  id: number;
  displayName: string;
  status: number;
  weight: number;
  hasSettingsAccess: boolean;
};

// A fixed locale keeps the order the same on every tablet, whatever its language setting.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Case-insensitive substring match of the display name; a blank search keeps everyone (D2.14). */
export const matchesMemberSearch = (member: Pick<ListedMember, 'displayName'>, search: string): boolean => {
  const term = search.trim().toLocaleLowerCase('en');
  return term === '' || member.displayName.toLocaleLowerCase('en').includes(term);
};

/** Team list order: status descending, then weight descending, then display name (D2.15); ties by id. */
export const compareMembers = (a: ListedMember, b: ListedMember): number =>
  b.status - a.status || b.weight - a.weight || collator.compare(a.displayName, b.displayName) || a.id - b.id;

/** The manage-team grid: members matching the search, in list order. */
export const teamList = <M extends ListedMember>(members: readonly M[], search: string): M[] =>
  members.filter((member) => matchesMemberSearch(member, search)).sort(compareMembers);

/** Which empty message the grid shows, if any (D2.14). */
export const teamListEmpty = (total: number, shown: number): 'noMembers' | 'noResults' | null =>
  total === 0 ? 'noMembers' : shown === 0 ? 'noResults' : null;

/** A grid item: members with settings access are labelled Manager; the signed-in member is not editable (D2.16). */
export const teamGridItem = (member: ListedMember, loggedInMember: number | null) => ({
  manager: member.hasSettingsAccess,
  active: member.status === TeamMemberStatus.ACTIVE,
  editable: member.id !== loggedInMember,
});

/** Closing the team screen warns when no active member with a PIN and settings access remains (D2.17). */
export const warnOnTeamClose = (
  members: Parameters<typeof hasSettingsCapableMember>[0],
): 'team.noSettingsMember' | null => (hasSettingsCapableMember(members) ? null : 'team.noSettingsMember');

/** The body of a status toggle: only id and the flipped status (D4.53). */
export const statusToggleBody = (member: { id: number; status: number }): { id: number; status: number } => ({
  id: member.id,
  status: member.status === TeamMemberStatus.ACTIVE ? TeamMemberStatus.INACTIVE : TeamMemberStatus.ACTIVE,
});

/** Starts a status toggle unless one is in flight: the id now in flight, or null when refused (D4.53). */
export const beginStatusToggle = (inFlight: number | null, memberId: number): number | null =>
  inFlight === null ? memberId : null;

export type TeamFormMode = 'add' | 'update';

/** Add or update needs member data and a mode, else a warning is logged and nothing happens (D4.56). */
export const guardTeamSave = (input: {
  member: object | null | undefined;
  mode: TeamFormMode | null | undefined;
}): { ok: true; mode: TeamFormMode } | { ok: false; warning: 'missingMember' | 'missingMode' } => {
  if (!input.member) return { ok: false, warning: 'missingMember' };
  if (input.mode !== 'add' && input.mode !== 'update') return { ok: false, warning: 'missingMode' };
  return { ok: true, mode: input.mode };
};

/** Delete needs the member to exist (D4.56). */
export const guardTeamDelete = (members: readonly { id: number }[], memberId: number): boolean =>
  members.some((member) => member.id === memberId);

export type TeamStoreAction = 'add' | 'update' | 'delete' | 'status';

/**
 * Whether a store action succeeded (D4.57): the call succeeded, an add returned an id, and the member id
 * (add: the returned one) and the branch id are present. Otherwise the store logs an error and returns false.
 */
export const teamActionSucceeded = (
  action: TeamStoreAction,
  input: { callOk: boolean; returnedId?: number | null; memberId?: number | null; branchId: number | null },
): boolean => {
  if (!input.callOk || input.branchId === null) return false;
  const memberId = action === 'add' ? input.returnedId : input.memberId;
  return memberId !== null && memberId !== undefined;
};

/** What follows a successful save or delete, in order (D4.54, D4.55). */
export const teamActionEffects = (
  action: 'add' | 'update' | 'delete',
): ('refetch' | 'removeLocally' | 'toast' | 'clearSearch' | 'closeForm')[] =>
  action === 'delete'
    ? ['removeLocally', 'toast', 'closeForm']
    : ['refetch', 'toast', 'clearSearch', 'closeForm'];

/** The team after a successful delete, removed locally without a refetch (D4.55). */
export const removeMember = <M extends { id: number }>(members: readonly M[], memberId: number): M[] =>
  members.filter((member) => member.id !== memberId);
