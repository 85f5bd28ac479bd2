import type { Language, OperatorRole, OperatorScope } from '@venue-voice/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { operatorBranches, operators } from '../../db/schema';

/**
 * The signed-in operator as every console route sees it (`request.operator`, console-contract.md): read
 * from the database on every request, so a role change or a removal applies to the very next one.
 */
export interface ConsoleOperator extends OperatorScope {
  email: string;
  name: string;
  language: Language;
  /** `'all'` for an owner (every branch, present and future); a manager's or viewer's named branches. */
  branchIds: number[] | 'all';
}

export interface OperatorRow {
  id: number;
  companyId: number;
  email: string;
  name: string;
  role: string;
  language: string;
  passwordHash: string | null;
}

export const operatorColumns = {
  id: operators.id,
  companyId: operators.companyId,
  email: operators.email,
  name: operators.name,
  role: operators.role,
  language: operators.language,
  passwordHash: operators.passwordHash,
};

/** The branches named on an operator (sorted). */
export async function operatorBranchIds(db: Db, operatorId: number): Promise<number[]> {
  const rows = await db
    .select({ branchId: operatorBranches.branchId })
    .from(operatorBranches)
    .where(eq(operatorBranches.operatorId, operatorId))
    .orderBy(asc(operatorBranches.branchId));
  return rows.map((r) => r.branchId);
}

/** An operator row as the console sees it, with its branches read when its role names any. */
export async function toConsoleOperator(db: Db, row: OperatorRow): Promise<ConsoleOperator> {
  const role = row.role as OperatorRole;
  return {
    id: row.id,
    companyId: row.companyId,
    email: row.email,
    name: row.name,
    role,
    language: row.language as Language,
    branchIds: role === 'owner' ? 'all' : await operatorBranchIds(db, row.id),
  };
}

/** The operator of an e-mail (already normalised, O2.6), or null. */
export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const [row] = await db.select(operatorColumns).from(operators).where(eq(operators.email, email)).limit(1);
  return row ?? null;
}

/** The operator of an id, or null. */
export async function findOperator(db: Db, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select(operatorColumns).from(operators).where(eq(operators.id, id)).limit(1);
  return row ?? null;
}

/** The operator's public fields (session and operator answers). */
export const publicOperator = (o: { id: number; email: string; name: string; role: string }) => ({
  id: o.id,
  email: o.email,
  name: o.name,
  role: o.role as OperatorRole,
});
