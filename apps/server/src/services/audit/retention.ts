import { auditCutoff } from '@venue-voice/domain';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { auditLog } from '../../db/schema';

/** Deletes audit entries older than a year (O2.5): the daily job. Answers how many went. */
export async function purgeAudit(db: Db, now: Date): Promise<{ deleted: number }> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, auditCutoff(now)))
    .returning({ id: auditLog.id });
  return { deleted: gone.length };
}
