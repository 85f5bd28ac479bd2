import {
  type AlertKind,
  type AlertRule,
  type AlertRuleCreate,
  type AlertRuleUpdate,
  AppError,
  alertRuleFaults,
  canChangeAlertRule,
  canSeeBranch,
  ErrorCodes,
  mayReceiveAlerts,
  type OperatorRole,
  type OperatorScope,
} from '@venue-voice/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { alertRules, branches } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';
import { notPermitted } from '../operators/faults';

/** Who changes rules, in which company, and when (a console call's context). */
export interface AlertRuleContext {
  db: Db;
  operator: OperatorScope;
  actor: AuditActor;
  now: Date;
}

type RuleRow = typeof alertRules.$inferSelect;

/** An operator a rule may name, as the form offers them. */
export interface RecipientChoice {
  id: number;
  name: string;
  email: string;
  role: OperatorRole;
  branchIds: number[] | 'all';
}

/** An indicator of the company's surveys, for an indicator rule's picker. */
export interface IndicatorChoice {
  id: number;
  name: string;
  min: number;
  max: number;
  surveys: string[];
}

const ruleOf = (row: RuleRow, operator: OperatorScope): AlertRule => ({
  id: row.id,
  name: row.name,
  kind: row.kind as AlertKind,
  branchId: row.branchId,
  indicatorId: row.indicatorId,
  maxScore: row.maxScore,
  words: row.words,
  recipientIds: row.recipientIds,
  opensCase: row.opensCase,
  active: row.active,
  canChange: canChangeAlertRule(operator, row.branchId),
  updatedAt: row.updatedAt.toISOString(),
});

/** A rule is seen by everyone of its company when company-wide, else by those who see its branch. */
const seesRule = (operator: OperatorScope, branchId: number | null) =>
  branchId === null || canSeeBranch(operator, branchId);

const noRule = (id: number) =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No alert rule ${id}` });

const fieldFaults = (
  faults: { field: string; key: string; params?: Record<string, unknown> }[],
  message: string,
) =>
  new AppError(ErrorCodes.FORM_VALIDATION, {
    message,
    ui: true,
    detail: {
      fields: faults.map((f) => ({
        field: `body.${f.field}`,
        in: 'body',
        message: f.key,
        ...(f.params ? { params: f.params } : {}),
      })),
    },
  });

/** The company's operators with the branches they see ('all' for owners). */
export async function companyOperators(db: Db, companyId: number): Promise<RecipientChoice[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    email: string;
    role: OperatorRole;
    branch_ids: number[];
  }>(
    db,
    sql`select o.id, o.name, o.email, o.role,
        array(select ob.branch_id from operator_branches ob where ob.operator_id = o.id order by 1) as branch_ids
      from operators o where o.company_id = ${companyId} order by o.email`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    branchIds: r.role === 'owner' ? 'all' : r.branch_ids,
  }));
}

/** The indicators of the company's surveys, one per id (surveys may share one), named as the first names it. */
export async function companyIndicators(db: Db, companyId: number): Promise<IndicatorChoice[]> {
  const rows = await queryRows<{ id: number; name: string; min: number; max: number; survey: string }>(
    db,
    sql`select (i->>'id')::int as id, i->>'name' as name, (i->>'trueMin')::float8 as min,
        (i->>'trueMax')::float8 as max, s.name as survey
      from surveys s, jsonb_array_elements(coalesce(s.definition->'indicators', '[]')) i
      where s.company_id = ${companyId} order by s.id, 1`,
  );
  const byId = new Map<number, IndicatorChoice>();
  for (const r of rows) {
    const known = byId.get(r.id);
    if (known) known.surveys.push(r.survey);
    else byId.set(r.id, { id: r.id, name: r.name, min: r.min, max: r.max, surveys: [r.survey] });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * GET /console/alert-rules: the rules the operator sees (the company's, and their branches'), with what
 * a rule's form offers: the recipients they may name (operators who see one of their branches; every
 * operator for an owner) and the surveys' indicators.
 */
export async function listAlertRules(db: Db, operator: OperatorScope) {
  const rows = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.companyId, operator.companyId))
    .orderBy(asc(alertRules.id));
  const operators = await companyOperators(db, operator.companyId);
  const recipients = operators.filter(
    (o) =>
      operator.branchIds === 'all' ||
      o.branchIds === 'all' ||
      o.branchIds.some((b) => canSeeBranch(operator, b)),
  );
  return {
    rules: rows.filter((r) => seesRule(operator, r.branchId)).map((r) => ruleOf(r, operator)),
    recipients,
    indicators: await companyIndicators(db, operator.companyId),
  };
}

/** O1.6 for the rule's branch: a branch the operator cannot see is one that does not exist (10012). */
async function assertMayChange(db: Db, operator: OperatorScope, branchId: number | null): Promise<void> {
  if (branchId !== null) {
    const [row] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branchId), eq(branches.companyId, operator.companyId)));
    if (!row || !canSeeBranch(operator, branchId)) {
      throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
        message: `No branch ${branchId}`,
        detail: { branchId },
      });
    }
  }
  if (!canChangeAlertRule(operator, branchId)) {
    throw notPermitted(
      branchId === null
        ? 'Only an owner changes company-wide alert rules'
        : 'Your role does not allow changes at this branch',
    );
  }
}

type RuleFields = Omit<AlertRuleCreate, 'name' | 'opensCase' | 'active'>;

/** O9.7, the indicator among the company's, and O1.7 for each recipient: 400 10025 naming what is wrong. */
async function assertValid(db: Db, companyId: number, rule: RuleFields): Promise<void> {
  const faults: { field: string; key: string; params?: Record<string, unknown> }[] = alertRuleFaults(rule);
  if (rule.kind === 'indicator' && rule.indicatorId !== null) {
    const indicator = (await companyIndicators(db, companyId)).find((i) => i.id === rule.indicatorId);
    if (!indicator) faults.push({ field: 'indicatorId', key: 'alerts.unknownIndicator' });
    else if (rule.maxScore !== null && (rule.maxScore < indicator.min || rule.maxScore > indicator.max)) {
      // A score the indicator cannot be given would make a rule that never (or always) fires.
      faults.push({
        field: 'maxScore',
        key: 'alerts.scoreOutOfRange',
        params: { min: indicator.min, max: indicator.max },
      });
    }
  }
  const operators = new Map((await companyOperators(db, companyId)).map((o) => [o.id, o]));
  const refused: number[] = [];
  for (const id of new Set(rule.recipientIds)) {
    const o = operators.get(id);
    if (!o || !mayReceiveAlerts({ ...o, companyId }, companyId, rule.branchId)) refused.push(id);
  }
  for (const operatorId of refused)
    faults.push({ field: 'recipientIds', key: 'alerts.recipientOutOfScope', params: { operatorId } });
  if (faults.length === 0) return;
  const named = refused.length
    ? `: operator ${refused.join(', ')} may not ${rule.branchId === null ? 'see every branch' : `see branch ${rule.branchId}`}`
    : '';
  throw fieldFaults(faults, `The alert rule has errors${named}`);
}

const auditDetail = (rule: RuleFields & { name: string; opensCase: boolean; active: boolean }) => ({
  name: rule.name,
  kind: rule.kind,
  branchId: rule.branchId,
  indicatorId: rule.indicatorId,
  maxScore: rule.maxScore,
  words: rule.words,
  recipientIds: rule.recipientIds,
  opensCase: rule.opensCase,
  active: rule.active,
});

/** POST /console/alert-rules: checked (O1.6, O9.7, O1.7), stored and audited together. */
export async function createAlertRule(ctx: AlertRuleContext, body: AlertRuleCreate): Promise<AlertRule> {
  const { operator } = ctx;
  await assertMayChange(ctx.db, operator, body.branchId);
  await assertValid(ctx.db, operator.companyId, body);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(alertRules)
      .values({ companyId: operator.companyId, ...body, createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    if (!row) throw new Error('the alert rule was not stored');
    await recordAudit(tx, {
      companyId: operator.companyId,
      actor: ctx.actor,
      action: 'alertRule.create',
      subjectType: 'alertRule',
      subjectId: row.id,
      branchId: row.branchId,
      detail: auditDetail(body),
      at: ctx.now,
    });
    return ruleOf(row, operator);
  });
}

/** A rule of the operator's company they may see, else 404 10014; then O1.6 for changing it. */
async function changeableRule(ctx: AlertRuleContext, id: number, tx: Db): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.companyId, ctx.operator.companyId)))
    .for('update');
  if (!row || !seesRule(ctx.operator, row.branchId)) throw noRule(id);
  await assertMayChange(tx, ctx.operator, row.branchId);
  return row;
}

/** PATCH /console/alert-rules/{id}: the fields sent, the whole rule checked again as it will be. */
export async function updateAlertRule(
  ctx: AlertRuleContext,
  id: number,
  body: AlertRuleUpdate,
): Promise<AlertRule> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await changeableRule(ctx, id, tx);
    const next = {
      name: body.name ?? row.name,
      kind: body.kind ?? (row.kind as AlertKind),
      branchId: body.branchId === undefined ? row.branchId : body.branchId,
      indicatorId: body.indicatorId === undefined ? row.indicatorId : body.indicatorId,
      maxScore: body.maxScore === undefined ? row.maxScore : body.maxScore,
      words: body.words ?? row.words,
      recipientIds: body.recipientIds ?? row.recipientIds,
      opensCase: body.opensCase ?? row.opensCase,
      active: body.active ?? row.active,
    };
    // Moving a rule to another branch (or to the whole company) needs the right to change there too.
    if (next.branchId !== row.branchId) await assertMayChange(tx, ctx.operator, next.branchId);
    await assertValid(tx, ctx.operator.companyId, next);
    const [updated] = await tx
      .update(alertRules)
      .set({ ...next, updatedAt: ctx.now })
      .where(eq(alertRules.id, id))
      .returning();
    if (!updated) throw noRule(id);
    await recordAudit(tx, {
      companyId: ctx.operator.companyId,
      actor: ctx.actor,
      action: 'alertRule.update',
      subjectType: 'alertRule',
      subjectId: id,
      branchId: updated.branchId,
      detail: Object.fromEntries(Object.keys(body).map((k) => [k, next[k as keyof typeof next]])),
      at: ctx.now,
    });
    return ruleOf(updated, ctx.operator);
  });
}

/** DELETE /console/alert-rules/{id}: its pending mails go with it; the cases it opened stay (rule_id null). */
export async function deleteAlertRule(ctx: AlertRuleContext, id: number): Promise<void> {
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await changeableRule(ctx, id, tx);
    await tx.delete(alertRules).where(eq(alertRules.id, id));
    await recordAudit(tx, {
      companyId: ctx.operator.companyId,
      actor: ctx.actor,
      action: 'alertRule.delete',
      subjectType: 'alertRule',
      subjectId: id,
      branchId: row.branchId,
      detail: { name: row.name },
      at: ctx.now,
    });
  });
}
