import {
  AppError,
  ErrorCodes,
  errorFromIssue,
  type FieldFault,
  type MessageKey,
  NONE_TEAM_ID,
  NONE_TEAM_NAME,
  type Team,
  type TeamChange,
  TeamMemberStatus,
  takesAwaySettingsAccess,
  teamMemberSchema,
  WEIGHT_DEFAULT,
} from '@venue-voice/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { staffMembers, teams } from '../../db/schema';
import { isUniqueViolation } from '../responses/db-errors';
import { assertStillActs, withTeamLock } from './branch-lock';
import type { StaffActor, TeamRow } from './staff-actor';
import type { MemberPhotoUrls } from './staff-photo';

/** Stores the photo sent with an add or update; called only once the member's values passed every rule. */
export type PhotoUpload = () => Promise<MemberPhotoUrls>;

/**
 * Where a team change acts: the branch and company, and who acts — the member a tablet's manage call
 * verified, or a console operator (actor.member null). Both callers run the same D5 rules here.
 */
export interface ManageScope {
  db: Db;
  companyId: number;
  branchId: number;
  actor: StaffActor;
  /** Told of each change inside its transaction (the console's audit log); never given the PIN. */
  onChange?: (db: Db, note: TeamChangeNote) => Promise<void>;
}

/** What a team change did: the member, and the fields it set with their values, a PIN only as `pinChanged`. */
export interface TeamChangeNote {
  action: 'staff.add' | 'staff.update' | 'staff.delete';
  id: number;
  detail: Record<string, unknown>;
}

/** The fields that changed (all of them for an add), the PIN as a flag and the photo as what happened. */
function noteOf(values: ReturnType<typeof columns>, was: TeamRow | null, photo: 'set' | 'removed' | null) {
  const detail: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const before = was
      ? field === 'teamId'
        ? was.teamId === NONE_TEAM_ID
          ? null
          : was.teamId
        : was[field as keyof TeamRow]
      : undefined;
    if (was && before === value) continue;
    if (field === 'pinCode') detail.pinChanged = true;
    else detail[field] = value;
  }
  if (photo) detail.photo = photo;
  return detail;
}

const formError = (message: string, fields: FieldFault[]) =>
  new AppError(ErrorCodes.FORM_VALIDATION, { message, detail: { fields } });
const bodyFault = (field: string, message: MessageKey): FieldFault => ({ field, in: 'body', message });
const refused = (message: string, reason: string) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, { message, detail: { reason } });

/** A member of the scope's branch, or 404 10014 (another branch's id is not found, not forbidden). */
export function memberOf(scope: ManageScope, id: number): TeamRow {
  const member = scope.actor.team.find((m) => m.id === id);
  if (!member) throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No team member ${id} here` });
  return member;
}

/** Team categories of the company, active ones, with the synthetic None (id 0) appended (§3). */
export async function listTeams(db: Db, companyId: number): Promise<Team[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, status: teams.status })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.status, TeamMemberStatus.ACTIVE)))
    .orderBy(asc(teams.name), asc(teams.id));
  return [
    ...rows.map((t) => ({ ...t, status: t.status as Team['status'] })),
    { id: NONE_TEAM_ID, name: NONE_TEAM_NAME, status: TeamMemberStatus.ACTIVE },
  ];
}

/**
 * D5.17: refuses a change after which no active member with a PIN and settings access remains. As
 * O3.17 states it, a change takes that away: on the tablet the acting member is one, so this is D5.17
 * itself; a branch the console is setting up may have none yet.
 */
function assertKeepsManager(scope: ManageScope, change: TeamChange<TeamRow>, field: string) {
  if (!takesAwaySettingsAccess(scope.actor.team, change)) return;
  throw formError('At least one active member with a PIN and settings access must remain', [
    { ...bodyFault(field, 'team.noSettingsMember'), ...(field === 'id' ? { in: 'path' as const } : {}) },
  ]);
}

/** D5.10–D5.15 on the merged values (trimmed, required, unique in the branch, own record excluded). */
async function checkedValues(scope: ManageScope, input: Record<string, unknown>, editingId: number | null) {
  const parsed = teamMemberSchema({ members: scope.actor.team, editingId }).safeParse(input);
  if (!parsed.success) {
    // errorFromIssue keeps the rule's key and values ({{count}}, {{n}}) for the tablet's text.
    const fields = parsed.error.issues.map((i): FieldFault => {
      const { key, params } = errorFromIssue(i);
      return { ...bodyFault(i.path.join('.') || 'body', key), ...(params ? { params } : {}) };
    });
    throw formError(`Invalid team member: ${fields.map((f) => f.field).join(', ')}`, fields);
  }
  const values = parsed.data;
  // PostgreSQL text cannot hold NUL: refuse it as a bad value rather than fail the insert.
  const withNul = (['displayName', 'fullName'] as const).filter((field) => values[field].includes('\u0000'));
  if (withNul.length > 0) {
    throw formError(
      `Invalid team member: ${withNul.join(', ')}`,
      withNul.map((field) => bodyFault(field, 'team.invalidValue')),
    );
  }
  if (
    values.teamId !== NONE_TEAM_ID &&
    !(await listTeams(scope.db, scope.companyId)).some((t) => t.id === values.teamId)
  ) {
    throw formError('Unknown team category', [bodyFault('teamId', 'team.unknownTeam')]);
  }
  return values;
}

const columns = (values: Awaited<ReturnType<typeof checkedValues>>) => ({
  displayName: values.displayName,
  fullName: values.fullName,
  pinCode: values.pinCode,
  weight: values.weight,
  status: values.status,
  hasSettingsAccess: values.hasSettingsAccess,
  teamId: values.teamId === NONE_TEAM_ID ? null : values.teamId,
});

const asMember = (id: number, values: ReturnType<typeof columns>, was?: TeamRow): TeamRow => ({
  ...(was ?? { gender: null, type: null, imageUrl: null, thumbnailUrl: null, tags: [] }),
  ...values,
  id,
  status: values.status as TeamRow['status'],
  teamId: values.teamId ?? NONE_TEAM_ID,
  hasPin: values.pinCode !== null,
});

/**
 * The PIN index behind D5.12: the team lock (decision 0134) already keeps two saves from racing for one
 * PIN, but a write outside manage.* could still collide. A photo stored for a refused write stays as a
 * file no row names, so it is never served.
 */
export async function pinUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, 'staff_members_branch_pin_idx')) throw error;
    throw formError('Invalid team member: pinCode', [bodyFault('pinCode', 'form.unique')]);
  }
}

/** Runs a change with the branch's team lock held: the scope's db and team become the locked ones. */
const locked = <T>(scope: ManageScope, work: (inLock: ManageScope) => Promise<T>) =>
  withTeamLock(scope.db, scope.branchId, scope.actor, (db, actor) => work({ ...scope, db, actor }));

/** manage.staff.add: a new member of the branch; answers its id. */
export function addMember(scope: ManageScope, input: Record<string, unknown>, photo?: PhotoUpload) {
  return locked(scope, async (inLock) => {
    // Weight may be left out of an add: §3's default.
    const values = columns(await checkedValues(inLock, { weight: WEIGHT_DEFAULT, ...input }, null));
    assertStillActs(inLock.actor);
    const media = photo ? await photo() : {};
    const [row] = await pinUnique(() =>
      inLock.db
        .insert(staffMembers)
        .values({ ...values, ...media, branchId: inLock.branchId })
        .returning({ id: staffMembers.id }),
    );
    if (!row) throw new AppError(ErrorCodes.INTERNAL);
    await inLock.onChange?.(inLock.db, {
      action: 'staff.add',
      id: row.id,
      detail: noteOf(values, null, photo ? 'set' : null),
    });
    return row.id;
  });
}

/**
 * manage.staff.update/{id}: the body's fields over the saved ones; `{ id, status }` alone is the toggle.
 * Answers the URLs of a photo the update replaced or removed, whose files the caller deletes.
 */
export function updateMember(
  scope: ManageScope,
  id: number,
  input: Record<string, unknown>,
  photo?: PhotoUpload,
): Promise<{ id: number; formerPhoto: (string | null)[] }> {
  return locked(scope, async (inLock) => {
    const was = memberOf(inLock, id);
    if (input.id !== undefined && input.id !== id) {
      throw formError('The body id differs from the path id', [bodyFault('id', 'team.invalidValue')]);
    }
    const { id: _id, deleteImage, ...fields } = input;
    const values = columns(await checkedValues(inLock, { ...was, ...fields }, id));
    if (id === inLock.actor.member?.id && values.status !== was.status) {
      throw refused('You cannot change your own status', 'ownStatus');
    }
    const onlyStatus = Object.keys(fields).every((key) => key === 'status');
    assertKeepsManager(
      inLock,
      onlyStatus
        ? { kind: 'status', id, status: values.status }
        : { kind: 'save', member: asMember(id, values, was) },
      onlyStatus ? 'status' : 'hasSettingsAccess',
    );
    assertStillActs(inLock.actor);
    const media = photo
      ? await photo()
      : deleteImage === true
        ? { imageUrl: null, thumbnailUrl: null }
        : null;
    await pinUnique(() =>
      inLock.db
        .update(staffMembers)
        .set({ ...values, ...media })
        .where(and(eq(staffMembers.id, id), eq(staffMembers.branchId, inLock.branchId))),
    );
    const photoNote = photo ? 'set' : media ? 'removed' : null;
    await inLock.onChange?.(inLock.db, {
      action: 'staff.update',
      id,
      detail: noteOf(values, was, photoNote),
    });
    return { id, formerPhoto: media ? [was.imageUrl, was.thumbnailUrl] : [] };
  });
}

/** manage.staff.delete/{id}: never oneself, never the last member who can open settings. */
export function deleteMember(scope: ManageScope, id: number) {
  return locked(scope, async (inLock) => {
    const was = memberOf(inLock, id);
    if (id === inLock.actor.member?.id) throw refused('You cannot delete yourself', 'ownRecord');
    assertKeepsManager(inLock, { kind: 'delete', id }, 'id');
    assertStillActs(inLock.actor);
    await inLock.db
      .delete(staffMembers)
      .where(and(eq(staffMembers.id, id), eq(staffMembers.branchId, inLock.branchId)));
    await inLock.onChange?.(inLock.db, {
      action: 'staff.delete',
      id,
      detail: { displayName: was.displayName, fullName: was.fullName },
    });
    return { id, formerPhoto: [was.imageUrl, was.thumbnailUrl] };
  });
}
