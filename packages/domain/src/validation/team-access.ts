/** "At least one active member with a PIN and settings access must exist" (device-mode.md §5, D5.17). */
import { TeamMemberStatus } from '../enums';

/** The member fields the settings-access rule reads. */
export type AccessMember = {
  id: number;
  status: number;
  hasSettingsAccess: boolean;
  /** True when the member has a PIN to sign in with (the PIN itself stays on the server, decision 0197). */
  hasPin: boolean;
};

/** A proposed change to the team: a saved (added or edited) member, a status toggle, or a delete. */
export type TeamChange<M extends AccessMember> =
  | { kind: 'save'; member: M }
  | { kind: 'status'; id: number; status: number }
  | { kind: 'delete'; id: number };

/** True when a member can still open settings: active, with settings access and a PIN to sign in with. */
export const canOpenSettings = (member: AccessMember): boolean =>
  member.status === TeamMemberStatus.ACTIVE && member.hasSettingsAccess && member.hasPin;

/** True when at least one member can still open settings. */
export const hasSettingsCapableMember = (members: readonly AccessMember[]): boolean =>
  members.some(canOpenSettings);

/** The team after a change (a save with an unknown id is an add); the input list is not modified. */
export const applyTeamChange = <M extends AccessMember>(
  members: readonly M[],
  change: TeamChange<M>,
): M[] => {
  switch (change.kind) {
    case 'save':
      return members.some((m) => m.id === change.member.id)
        ? members.map((m) => (m.id === change.member.id ? change.member : m))
        : [...members, change.member];
    case 'status':
      return members.map((m) => (m.id === change.id ? { ...m, status: change.status } : m));
    case 'delete':
      return members.filter((m) => m.id !== change.id);
  }
};

/** True when the team still has a settings-capable member after the proposed change. */
export const keepsSettingsCapableMember = <M extends AccessMember>(
  members: readonly M[],
  change: TeamChange<M>,
): boolean => hasSettingsCapableMember(applyTeamChange(members, change));

/**
 * O3.17 (D5.17 from the console) True when a change takes away the last member who can open settings.
 * On the tablet the acting member is one, so this is D5.17 itself; a branch set up in the console may
 * have none yet, and then a save that adds none takes nothing away.
 */
export const takesAwaySettingsAccess = <M extends AccessMember>(
  members: readonly M[],
  change: TeamChange<M>,
): boolean => hasSettingsCapableMember(members) && !keepsSettingsCapableMember(members, change);
