import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { enqueueEvent } from '../webhooks';

export interface CaseToOpen {
  companyId: number;
  branchId: number | null;
  responseId: number;
  /** The alert rule that matched. */
  ruleId: number;
  at: Date;
}

/**
 * Opens the response's case (one per response: a second rule matching the same response, or the same
 * pass run twice, finds it open and adds nothing) and queues `case.opened` for the webhooks, in the
 * caller's transaction. Answers the case's id and whether this call opened it.
 */
export async function openCase(db: Db, open: CaseToOpen): Promise<{ caseId: number; opened: boolean }> {
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`insert into cases (company_id, branch_id, response_id, rule_id, opened_at, updated_at)
      values (${open.companyId}, ${open.branchId}, ${open.responseId}, ${open.ruleId}, ${open.at}, ${open.at})
      on conflict (response_id) do nothing
      returning id`,
  );
  if (made) {
    await enqueueEvent(db, {
      companyId: open.companyId,
      type: 'case.opened',
      messageId: `msg_case.opened_${made.id}`,
      at: open.at,
      data: {
        caseId: made.id,
        responseId: open.responseId,
        branchId: open.branchId,
        ruleId: open.ruleId,
        status: 'open',
      },
    });
    return { caseId: made.id, opened: true };
  }
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`select id from cases where response_id = ${open.responseId}`,
  );
  if (!found) throw new Error(`openCase: no case for response ${open.responseId}`);
  return { caseId: found.id, opened: false };
}
