import {
  AppError,
  canChangeBranch,
  canSeeBranch,
  ErrorCodes,
  type StaffMember,
  type Team,
} from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import { branches, staffMembers } from '../../db/schema';
import { withoutPin } from '../../queries/config';
import { branchTeam } from '../staff/staff-actor';
import {
  addMember,
  deleteMember,
  listTeams,
  type ManageScope,
  memberOf,
  type PhotoUpload,
  updateMember,
} from '../staff/staff-members';
import { branchInScope, notPermitted, type SetupContext } from './scope';

// The console's staff calls run the tablet's own service (services/staff, D5 rules and messages) with
// the operator as the actor: the same checks, the same team lock, the same answers (decision 0213).

/** A branch's team scope for an operator: the branch seen (O1.1), or changed by a manager of it (O1.2). */
export async function teamScope(
  ctx: SetupContext,
  branchId: number,
  need: 'see' | 'change',
): Promise<ManageScope> {
  const branch = await branchInScope(ctx, branchId, need);
  const team = await branchTeam(ctx.db, branch.id);
  return {
    db: ctx.db,
    companyId: ctx.operator.companyId,
    branchId: branch.id,
    actor: { member: null, team },
    // Each change's audit entry in its own transaction (under the team lock).
    onChange: (db, note) =>
      ctx.audit(db, {
        action: note.action,
        subjectType: 'staff',
        subjectId: note.id,
        branchId: branch.id,
        detail: note.detail,
      }),
  };
}

/**
 * The team scope of a staff member's branch: a member of a branch the operator may not see is not found
 * (404 10014), as the tablet answers another branch's id; one they may see but not change is 403 10034.
 */
export async function memberScope(
  ctx: SetupContext,
  staffId: number,
  need: 'see' | 'change',
): Promise<ManageScope> {
  const [row] = await ctx.db
    .select({ branchId: staffMembers.branchId })
    .from(staffMembers)
    .innerJoin(branches, eq(branches.id, staffMembers.branchId))
    .where(and(eq(staffMembers.id, staffId), eq(branches.companyId, ctx.operator.companyId)))
    .limit(1);
  if (!row || !canSeeBranch(ctx.operator, row.branchId)) {
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No team member ${staffId}` });
  }
  if (need === 'change' && !canChangeBranch(ctx.operator, row.branchId)) {
    throw notPermitted('Your role does not allow changes at this branch');
  }
  return teamScope(ctx, row.branchId, need);
}

/** A member as the console shows them, read after a change: never a PIN (decision 0197). */
async function memberNow(scope: ManageScope, id: number): Promise<StaffMember> {
  const team = await branchTeam(scope.db, scope.branchId);
  return withoutPin(memberOf({ ...scope, actor: { member: null, team } }, id));
}

/** GET /console/branches/{id}/staff: every member, in the tablet's order, and the team categories. */
export async function listStaff(
  ctx: SetupContext,
  branchId: number,
): Promise<{ items: StaffMember[]; teams: Team[] }> {
  const scope = await teamScope(ctx, branchId, 'see');
  return { items: scope.actor.team.map(withoutPin), teams: await listTeams(ctx.db, ctx.operator.companyId) };
}

/** POST /console/branches/{id}/staff: manage.staff.add's rules, the operator acting. */
export async function addStaff(scope: ManageScope, input: Record<string, unknown>, photo?: PhotoUpload) {
  const id = await addMember(scope, input, photo);
  return memberNow(scope, id);
}

/** PATCH /console/staff/{id}: manage.staff.update's rules; answers the member and its former photo's URLs. */
export async function updateStaff(
  scope: ManageScope,
  staffId: number,
  input: Record<string, unknown>,
  photo?: PhotoUpload,
) {
  const { id, formerPhoto } = await updateMember(scope, staffId, input, photo);
  return { member: await memberNow(scope, id), formerPhoto };
}

/** DELETE /console/staff/{id}: manage.staff.delete's rules (D5.17 as O3.17). */
export function deleteStaff(scope: ManageScope, staffId: number) {
  return deleteMember(scope, staffId);
}
