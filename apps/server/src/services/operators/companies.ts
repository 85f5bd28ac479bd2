import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies, companyConfig } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';

/** A company key: what X-Company and the admin commands name it by (lower-case letters, digits, hyphens). */
export const COMPANY_KEY = /^[a-z0-9][a-z0-9-]{1,49}$/;

/** Why a new company cannot be made (its key or name), or null. */
export function companyFault(key: string, name: string): string | null {
  if (!COMPANY_KEY.test(key)) return `The key "${key}" must be 2–50 lower-case letters, digits or hyphens`;
  if (name.trim() === '' || name.length > 200) return 'The name must be 1–200 characters';
  return null;
}

/**
 * Makes a company with its default settings and no branches yet (its owner adds them in the console);
 * answers null when the key is taken. Audited as `company.create`.
 */
export async function createCompany(
  db: Db,
  input: { key: string; name: string; actor: AuditActor; now: Date },
): Promise<{ id: number } | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.key, input.key));
    if (taken) return null;
    const [row] = await tx
      .insert(companies)
      .values({ key: input.key, name: input.name.trim(), createdAt: input.now })
      .returning({ id: companies.id });
    if (!row) throw new Error('company insert returned nothing');
    await tx.insert(companyConfig).values({ companyId: row.id });
    await recordAudit(tx, {
      companyId: row.id,
      actor: input.actor,
      action: 'company.create',
      subjectType: 'company',
      subjectId: row.id,
      detail: { key: input.key, name: input.name.trim() },
      at: input.now,
    });
    return row;
  });
}
