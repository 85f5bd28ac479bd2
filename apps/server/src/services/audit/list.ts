import type { AuditEntry } from '@venue-voice/domain';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { auditLog } from '../../db/schema';

/** Entries per page of GET /console/audit. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * A company's audit log, newest first, a page at a time: `cursor` is the last id of the page before
 * (ids grow with every entry, so a page never repeats or skips one written meanwhile).
 */
export async function listAudit(
  db: Db,
  companyId: number,
  cursor: number | undefined,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), cursor === undefined ? undefined : lt(auditLog.id, cursor)))
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: r.actor,
      action: r.action,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      branchId: r.branchId,
      detail: (r.detail ?? {}) as Record<string, unknown>,
    })),
    nextCursor: rows.length > pageSize && last ? String(last.id) : null,
  };
}
