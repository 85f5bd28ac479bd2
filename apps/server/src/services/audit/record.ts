import type { ConsoleAuditAction } from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import { auditLog } from '../../db/schema';

/** Who did it: an operator (id and how they were named then), or the command line (`{ id: null, label: 'cli' }`). */
export interface AuditActor {
  id: number | null;
  label: string;
}

export interface AuditEntryInput {
  companyId: number;
  actor: AuditActor;
  /** What was done, one of the domain's AUDIT_ACTIONS (each has a console label, O2.8). */
  action: ConsoleAuditAction;
  /** What it was done to (`operator`, `branch`, `staff`, `device`, `company`, `key`…) and its id. */
  subjectType: string;
  subjectId: string | number | null;
  /** The branch it happened in, when it happened in one (managers' changes always do). */
  branchId?: number | null;
  /** What changed: field names and new values; never a password, token, passcode or PIN. */
  detail?: Record<string, unknown>;
  /** When (the app's clock: a route passes `clock.now()`); default the database's time. */
  at?: Date;
}

/** The command line as an actor (npm run admin). */
export const CLI_ACTOR: AuditActor = { id: null, label: 'cli' };

/** An operator as an actor, named as the owner will recognise them even after they are removed. */
export const operatorActor = (operator: { id: number; name: string; email: string }): AuditActor => ({
  id: operator.id,
  label: operator.name ? `${operator.name} <${operator.email}>` : operator.email,
});

/**
 * Writes one audit entry (issue 28 item 5). Pass the transaction of the change itself, so the entry and
 * the change are stored together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    companyId: entry.companyId,
    actorOperatorId: entry.actor.id,
    actor: entry.actor.label,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId === null ? null : String(entry.subjectId),
    branchId: entry.branchId ?? null,
    detail: entry.detail ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
