import {
  AppError,
  type ConsoleAuditAction,
  canChangeBranch,
  canChangeCompany,
  canSeeBranch,
  ErrorCodes,
  type OperatorScope,
  type SetupFault,
} from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches } from '../../db/schema';

/** One audit entry of a setup change; the route adds the company, the operator as actor and the time. */
export interface SetupAuditEntry {
  /** `<subject>.<verb>`, one of the domain's AUDIT_ACTIONS: `company.update`, `branch.create`… */
  action: ConsoleAuditAction;
  subjectType: string;
  subjectId: string | number | null;
  branchId?: number | null;
  /** Field names and new values; never a passcode or PIN. */
  detail?: Record<string, unknown>;
}

/** Writes an audit entry with the database it is given: the change's own transaction. */
export type AuditWrite = (db: Db, entry: SetupAuditEntry) => Promise<void>;

/**
 * What every setup service acts with: the database, who asks (the console's operator), the time, and
 * how its changes are audited (services/audit's recordAudit, in the change's transaction).
 */
export interface SetupContext {
  db: Db;
  operator: OperatorScope;
  now: Date;
  audit: AuditWrite;
}

/** Runs a change and its audit entry in one transaction: both are stored, or neither. */
export function audited<T>(
  ctx: SetupContext,
  work: (tx: Db) => Promise<{ result: T; entry: SetupAuditEntry | null }>,
) {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { result, entry } = await work(tx);
    if (entry) await ctx.audit(tx, entry);
    return result;
  });
}

export type BranchRow = typeof branches.$inferSelect;

/** 403 10034: seen, but the operator's role may not change it (decision 0203). */
export const notPermitted = (message = 'Your role does not allow this') =>
  new AppError(ErrorCodes.NOT_PERMITTED, { message, ui: true });

/** O1.3: company-wide things are the owner's. */
export function assertOwner(operator: OperatorScope): void {
  if (!canChangeCompany(operator)) throw notPermitted('Only an owner changes company-wide settings');
}

/** 10025 with each field's catalogue key, as the tablet's forms get them (decision 0135). */
export function formFaults(faults: readonly SetupFault[]): AppError {
  return new AppError(ErrorCodes.FORM_VALIDATION, {
    message: `Invalid value for: ${faults.map((f) => f.field).join(', ')}`,
    detail: {
      fields: faults.map((f) => ({
        field: f.field,
        in: 'body',
        message: f.key,
        ...(f.params ? { params: f.params } : {}),
      })),
    },
  });
}

const noBranch = (branchId: number) =>
  new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
    message: `No branch ${branchId}`,
    detail: { branchId },
  });

/**
 * A branch of the operator's company they may see (O1.1), else 404 10012 as if it did not exist; with
 * `change`, one they may change (O1.2), else 403 10034.
 */
export async function branchInScope(
  ctx: SetupContext,
  branchId: number,
  need: 'see' | 'change',
): Promise<BranchRow> {
  const [row] = await ctx.db
    .select()
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.companyId, ctx.operator.companyId)))
    .limit(1);
  if (!row || !canSeeBranch(ctx.operator, row.id)) throw noBranch(branchId);
  if (need === 'change' && !canChangeBranch(ctx.operator, row.id)) {
    throw notPermitted('Your role does not allow changes at this branch');
  }
  return row;
}
