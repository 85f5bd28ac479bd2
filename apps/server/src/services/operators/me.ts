import { type ConsoleMe, visibleBranches } from '@venue-voice/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, companies } from '../../db/schema';
import type { ConsoleOperator } from './principal';

/** `GET /console/me`: the operator, their company and the branches they may see (O1.4), by name. */
export async function describeOperator(db: Db, operator: ConsoleOperator): Promise<ConsoleMe> {
  const [company] = await db
    .select({ id: companies.id, key: companies.key, name: companies.name })
    .from(companies)
    .where(eq(companies.id, operator.companyId));
  if (!company) throw new Error(`operator ${operator.id} has no company`);
  const all = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.companyId, operator.companyId))
    .orderBy(asc(branches.id));
  const visible = new Set(
    visibleBranches(
      operator,
      all.map((b) => b.id),
    ),
  );
  const { id, email, name, role, language } = operator;
  return {
    operator: { id, email, name, role, language },
    company,
    branches: all.filter((b) => visible.has(b.id)),
  };
}
