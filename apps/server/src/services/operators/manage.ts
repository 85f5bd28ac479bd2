import {
  type Language,
  normaliseEmail,
  type OperatorRole,
  operatorEmailSchema,
  ownerChangeFault,
  roleAssignmentFault,
} from '@venue-voice/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, operatorBranches, operators } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';
import { isUniqueViolation } from '../responses/db-errors';
import { formFault, unknownOperator } from './faults';
import { issueLink } from './links';
import { type OperatorRow, operatorColumns } from './principal';

/** A row of the operators list (O1.3: the owner's). */
export interface OperatorListItem {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  language: Language;
  branchIds: number[];
  status: 'invited' | 'active';
}

/** Who acts, in which company, and when: the changing calls' context. */
export interface OperatorChangeContext {
  db: Db;
  companyId: number;
  actor: AuditActor;
  now: Date;
}

const listItem = (row: OperatorRow, branchIds: number[]): OperatorListItem => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as OperatorRole,
  language: row.language as Language,
  branchIds,
  status: row.passwordHash ? 'active' : 'invited',
});

/** Every operator of a company with their branches, by e-mail. */
export async function listOperators(db: Db, companyId: number): Promise<OperatorListItem[]> {
  const rows = await db
    .select(operatorColumns)
    .from(operators)
    .where(eq(operators.companyId, companyId))
    .orderBy(asc(operators.email));
  const links = rows.length
    ? await db
        .select()
        .from(operatorBranches)
        .where(
          inArray(
            operatorBranches.operatorId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(operatorBranches.branchId))
    : [];
  return rows.map((row) =>
    listItem(
      row,
      links.filter((l) => l.operatorId === row.id).map((l) => l.branchId),
    ),
  );
}

/** One operator of the company with their branches, or 404 10014. */
async function operatorOf(db: Db, companyId: number, id: number): Promise<OperatorListItem> {
  const [row] = await db
    .select(operatorColumns)
    .from(operators)
    .where(and(eq(operators.id, id), eq(operators.companyId, companyId)));
  if (!row) throw unknownOperator();
  const named = await db
    .select({ branchId: operatorBranches.branchId })
    .from(operatorBranches)
    .where(eq(operatorBranches.operatorId, id))
    .orderBy(asc(operatorBranches.branchId));
  return listItem(
    row,
    named.map((n) => n.branchId),
  );
}

/** O1.5 and the company's branches: the role's branch rule, and every branch named is one of the company's. */
async function checkAssignment(db: Db, companyId: number, role: OperatorRole, branchIds: number[]) {
  const fault = roleAssignmentFault(role, branchIds);
  if (fault) throw formFault({ branchIds: fault });
  if (branchIds.length === 0) return;
  const found = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), inArray(branches.id, branchIds)));
  if (found.length !== new Set(branchIds).size) throw formFault({ branchIds: 'operator.unknownBranch' });
}

/**
 * The company's owners, locked until the transaction ends: two owners removing or demoting each other at
 * once run one after the other, so the company always keeps one (O2.7).
 */
async function lockedOwnerCount(db: Db, companyId: number): Promise<number> {
  const owners = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.companyId, companyId), eq(operators.role, 'owner')))
    .for('update');
  return owners.length;
}

/**
 * Adds an operator, invited: no password until they use the invitation link (returned, to be mailed).
 * An e-mail already used anywhere in the installation is a 10025 `operator.emailTaken` (e-mails are
 * unique so signing in needs no company).
 */
export async function createOperator(
  ctx: OperatorChangeContext,
  input: {
    email: string;
    name: string;
    role: OperatorRole;
    branchIds: number[];
    language?: Language | undefined;
  },
): Promise<{ operator: OperatorListItem; token: string }> {
  const parsed = operatorEmailSchema.safeParse(input.email);
  if (!parsed.success) throw formFault({ email: 'form.invalidEmail' });
  const email = normaliseEmail(parsed.data);
  const branchIds = [...new Set(input.branchIds)].sort((a, b) => a - b);
  await checkAssignment(ctx.db, ctx.companyId, input.role, branchIds);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({
          companyId: ctx.companyId,
          email,
          name: input.name,
          role: input.role,
          language: input.language ?? 'en-gb',
          createdAt: ctx.now,
        })
        .returning({ id: operators.id });
      if (!row) throw new Error('operator insert returned nothing');
      if (branchIds.length > 0)
        await tx
          .insert(operatorBranches)
          .values(branchIds.map((branchId) => ({ operatorId: row.id, branchId })));
      await recordAudit(tx, {
        companyId: ctx.companyId,
        actor: ctx.actor,
        action: 'operator.invite',
        subjectType: 'operator',
        subjectId: row.id,
        detail: { email, name: input.name, role: input.role, branchIds },
        at: ctx.now,
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operators_email_key')) throw formFault({ email: 'operator.emailTaken' });
    throw error;
  }
  const token = await issueLink(ctx.db, id, 'invite', ctx.now);
  return { operator: await operatorOf(ctx.db, ctx.companyId, id), token };
}

/**
 * Changes an operator's role, branches or name. An owner names no branches (theirs are all); a manager or
 * viewer at least one (O1.5); nobody changes their own role and a company keeps an owner (O2.7).
 */
export async function updateOperator(
  ctx: OperatorChangeContext,
  id: number,
  patch: { role?: OperatorRole | undefined; branchIds?: number[] | undefined; name?: string | undefined },
): Promise<OperatorListItem> {
  const before = await operatorOf(ctx.db, ctx.companyId, id);
  const role = patch.role ?? before.role;
  // Made an owner: their named branches go (an owner sees all); made a manager: the branches must be named.
  const branchIds =
    patch.branchIds !== undefined
      ? [...new Set(patch.branchIds)].sort((a, b) => a - b)
      : role === 'owner'
        ? []
        : before.branchIds;
  await checkAssignment(ctx.db, ctx.companyId, role, branchIds);
  const changed: Record<string, unknown> = {};
  if (role !== before.role) changed.role = role;
  if (branchIds.join() !== before.branchIds.join()) changed.branchIds = branchIds;
  if (patch.name !== undefined && patch.name !== before.name) changed.name = patch.name;
  if (Object.keys(changed).length === 0) return before;
  await ctx.db.transaction(async (tx) => {
    const fault = ownerChangeFault(
      ctx.actor.id ?? 0,
      before,
      role,
      await lockedOwnerCount(tx, ctx.companyId),
    );
    if (fault) throw formFault({ role: fault });
    await tx
      .update(operators)
      .set({ role, ...(patch.name !== undefined ? { name: patch.name } : {}) })
      .where(eq(operators.id, id));
    if ('branchIds' in changed) {
      await tx.delete(operatorBranches).where(eq(operatorBranches.operatorId, id));
      if (branchIds.length > 0)
        await tx.insert(operatorBranches).values(branchIds.map((branchId) => ({ operatorId: id, branchId })));
    }
    await recordAudit(tx, {
      companyId: ctx.companyId,
      actor: ctx.actor,
      action: 'operator.update',
      subjectType: 'operator',
      subjectId: id,
      detail: { email: before.email, ...changed },
      at: ctx.now,
    });
  });
  return operatorOf(ctx.db, ctx.companyId, id);
}

/**
 * Removes an operator: their sessions, links and branches go with the row (cascade), so they are signed
 * out at once; the audit log keeps their name. Not oneself, not the last owner (O2.7).
 */
export async function removeOperator(ctx: OperatorChangeContext, id: number): Promise<void> {
  const target = await operatorOf(ctx.db, ctx.companyId, id);
  await ctx.db.transaction(async (tx) => {
    const fault = ownerChangeFault(
      ctx.actor.id ?? 0,
      target,
      'remove',
      await lockedOwnerCount(tx, ctx.companyId),
    );
    if (fault) throw formFault({ id: fault });
    await tx.delete(operators).where(eq(operators.id, id));
    await recordAudit(tx, {
      companyId: ctx.companyId,
      actor: ctx.actor,
      action: 'operator.remove',
      subjectType: 'operator',
      subjectId: id,
      detail: { email: target.email, name: target.name, role: target.role },
      at: ctx.now,
    });
  });
}

/**
 * A new invitation link for an operator who has not yet set a password (the last one stops working);
 * one who has uses "forgot password" instead (10025 `operator.alreadyActive`).
 */
export async function reinviteOperator(
  ctx: OperatorChangeContext,
  id: number,
): Promise<{ operator: OperatorListItem; token: string }> {
  const operator = await operatorOf(ctx.db, ctx.companyId, id);
  if (operator.status === 'active') throw formFault({ id: 'operator.alreadyActive' });
  const token = await issueLink(ctx.db, id, 'invite', ctx.now);
  await recordAudit(ctx.db, {
    companyId: ctx.companyId,
    actor: ctx.actor,
    action: 'operator.reinvite',
    subjectType: 'operator',
    subjectId: id,
    detail: { email: operator.email },
    at: ctx.now,
  });
  return { operator, token };
}
