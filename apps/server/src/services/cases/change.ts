import {
  CASE_FALLBACK_TIME_ZONE,
  type CaseDetail,
  type CasePatch,
  type ConsoleAuditAction,
  canActOnCase,
  caseResolvedMessageId,
  caseTransition,
  dueDateFault,
  localDayOf,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { fieldProblemsError } from '../../plugins/errors';
import { operatorActor, recordAudit } from '../audit/record';
import { notPermitted } from '../operators/faults';
import type { ConsoleOperator } from '../operators/principal';
import { enqueueEvent } from '../webhooks';
import { caseDetailOf, possibleOwners } from './detail';
import { type CaseRow, readableCase } from './rows';

/** What a change to a case is given: the database, who acts, and the time. */
export interface CaseContext {
  db: Db;
  operator: ConsoleOperator;
  now: Date;
}

/** A case change's audit entry: which action, and what changed (never a guest's words or address). */
export interface CaseAudit {
  action: ConsoleAuditAction;
  detail: Record<string, unknown>;
}

const badField = (field: string, message: string) =>
  fieldProblemsError([{ field, in: 'body', message, missing: false }]);

/**
 * Runs `work` on the case locked in one transaction, if the operator may act on it (O14.9: a viewer
 * gets 403 10034, a case they cannot see 404 10014); answers the case as it is afterwards.
 */
export function onCase(
  ctx: CaseContext,
  id: number,
  work: (tx: Db, row: CaseRow) => Promise<CaseAudit | null>,
): Promise<CaseDetail> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await readableCase(tx, ctx.operator, id, true);
    if (!canActOnCase(ctx.operator, row.branch_id)) throw notPermitted('Your role reads cases only');
    const audit = await work(tx, row);
    if (audit) {
      await queryRows(tx, sql`update cases set updated_at = ${ctx.now} where id = ${id}`);
      await recordAudit(tx, {
        companyId: row.company_id,
        actor: operatorActor(ctx.operator),
        action: audit.action,
        subjectType: 'case',
        subjectId: id,
        branchId: row.branch_id,
        detail: audit.detail,
        at: ctx.now,
      });
    }
    return caseDetailOf(tx, ctx.operator, await readableCase(tx, ctx.operator, id), ctx.now);
  });
}

export const addEvent = (
  tx: Db,
  ctx: CaseContext,
  caseId: number,
  event: { kind: string; body: string; sentTo?: string | null },
) =>
  queryRows(
    tx,
    sql`insert into case_events (case_id, operator_id, kind, body, sent_to, created_at)
      values (${caseId}, ${ctx.operator.id}, ${event.kind}, ${event.body}, ${event.sentTo ?? null}, ${ctx.now})`,
  );

/** O14.1: a new status; resolving stamps the time and queues `case.resolved` (O14.7), reopening clears it. */
async function changeStatus(tx: Db, ctx: CaseContext, row: CaseRow, to: CasePatch['status'] & string) {
  const transition = caseTransition(row.status, to);
  if (transition === 'none') return false;
  const resolvedAt = transition === 'resolve' ? ctx.now : transition === 'reopen' ? null : undefined;
  await queryRows(
    tx,
    resolvedAt === undefined
      ? sql`update cases set status = ${to} where id = ${row.id}`
      : sql`update cases set status = ${to}, resolved_at = ${resolvedAt} where id = ${row.id}`,
  );
  await addEvent(tx, ctx, row.id, { kind: 'status', body: to });
  if (transition === 'resolve') {
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from case_events where case_id = ${row.id} and kind = 'status' and body = 'resolved'`,
    );
    await enqueueEvent(tx, {
      companyId: row.company_id,
      type: 'case.resolved',
      messageId: caseResolvedMessageId(row.id, count?.n ?? 1),
      at: ctx.now,
      data: {
        caseId: row.id,
        responseId: row.response_id,
        branchId: row.branch_id,
        status: 'resolved',
        resolvedAt: ctx.now.toISOString(),
        resolvedBy: ctx.operator.id,
      },
    });
  }
  return true;
}

/** O14.9: an owner who may act on the case's branch, or nobody (null). */
async function changeOwner(tx: Db, ctx: CaseContext, row: CaseRow, ownerId: number | null) {
  if (ownerId === row.owner_id) return false;
  let name = '';
  if (ownerId !== null) {
    const owner = (await possibleOwners(tx, row.company_id, row.branch_id)).find((o) => o.id === ownerId);
    if (!owner) throw badField('ownerId', 'case.ownerInvalid');
    name = owner.name;
  }
  await queryRows(tx, sql`update cases set owner_id = ${ownerId} where id = ${row.id}`);
  await addEvent(tx, ctx, row.id, { kind: 'owner', body: name });
  return true;
}

/** O14.4: a due day from the branch's today to a year ahead, or none. */
async function changeDue(tx: Db, ctx: CaseContext, row: CaseRow, dueOn: string | null) {
  if (dueOn === row.due_on) return false;
  const fault = dueDateFault(dueOn, localDayOf(ctx.now, row.time_zone ?? CASE_FALLBACK_TIME_ZONE));
  if (fault) throw badField('dueOn', fault);
  await queryRows(tx, sql`update cases set due_on = ${dueOn} where id = ${row.id}`);
  await addEvent(tx, ctx, row.id, { kind: 'due', body: dueOn ?? '' });
  return true;
}

/**
 * PATCH /console/cases/{id}: status, owner and due date, each change a case event and all of them one
 * audit entry; a value equal to the case's changes nothing. An empty body is 10008.
 */
export function changeCase(ctx: CaseContext, id: number, patch: CasePatch): Promise<CaseDetail> {
  if (patch.status === undefined && patch.ownerId === undefined && patch.dueOn === undefined) {
    throw fieldProblemsError([{ field: 'status', in: 'body', message: 'Nothing to change', missing: true }]);
  }
  return onCase(ctx, id, async (tx, row) => {
    const changed: Record<string, unknown> = {};
    // One transaction: a refused owner or day (10009) leaves the other changes of the call unwritten too.
    if (patch.ownerId !== undefined && (await changeOwner(tx, ctx, row, patch.ownerId)))
      changed.ownerId = patch.ownerId;
    if (patch.dueOn !== undefined && (await changeDue(tx, ctx, row, patch.dueOn)))
      changed.dueOn = patch.dueOn;
    if (patch.status !== undefined && (await changeStatus(tx, ctx, row, patch.status)))
      changed.status = patch.status;
    return Object.keys(changed).length > 0 ? { action: 'case.update', detail: changed } : null;
  });
}
