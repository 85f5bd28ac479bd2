import {
  type CaseDetail,
  type CaseEvent,
  canActOnCase,
  type OperatorScope,
  type ReplyFacts,
  replyRefusal,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { CONTACT_MARKER } from '../responses/supplement-response';
import { type CaseRow, caseItemOf, operatorName, readableCase } from './rows';

/**
 * O14.5's facts of a response: the contact marker (kept after the purge, decision 0233), the guest's
 * yes to "may we contact you about it?" (G5.25), and the details while kept.
 */
export async function replyFacts(db: Db, responseId: number): Promise<ReplyFacts & { email: string | null }> {
  const [row] = await queryRows<{ given: boolean; consent: boolean; kept: boolean; email: string | null }>(
    db,
    sql`select
        exists (select 1 from response_supplements where response_id = ${responseId} and kind = ${CONTACT_MARKER}) as given,
        exists (select 1 from response_supplements where response_id = ${responseId}
          and kind = 'complaint_contact' and payload->>'complaintContact' = 'true') as consent,
        exists (select 1 from contact_details where response_id = ${responseId}) as kept,
        (select email from contact_details where response_id = ${responseId}) as email`,
  );
  const details = row?.kept ? { email: row.email } : null;
  return {
    contactGiven: row?.given === true,
    consent: row?.consent === true,
    details,
    email: row?.email ?? null,
  };
}

/** O14.9 Who may own a case of the branch: the owners, and the managers named on it. */
export async function possibleOwners(db: Db, companyId: number, branchId: number | null) {
  const rows = await queryRows<{ id: number; name: string; email: string }>(
    db,
    sql`select o.id, o.name, o.email from operators o
      where o.company_id = ${companyId} and (o.role = 'owner' or (o.role = 'manager' and ${branchId}::int is not null
        and exists (select 1 from operator_branches ob where ob.operator_id = o.id and ob.branch_id = ${branchId}::int)))
      order by lower(coalesce(nullif(o.name, ''), o.email)), o.id`,
  );
  return rows.map((o) => ({ id: o.id, name: operatorName(o.name, o.email) }));
}

async function eventsOf(db: Db, caseId: number): Promise<CaseEvent[]> {
  const rows = await queryRows<{
    id: number;
    kind: CaseEvent['kind'];
    body: string;
    sent_to: string | null;
    operator_id: number | null;
    name: string | null;
    email: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select e.id, e.kind, e.body, e.sent_to, e.operator_id, o.name, o.email, e.created_at
      from case_events e left join operators o on o.id = e.operator_id
      where e.case_id = ${caseId} order by e.id`,
  );
  return rows.map((e) => ({
    id: e.id,
    kind: e.kind,
    body: e.body,
    sentTo: e.sent_to,
    operator: e.operator_id === null ? null : { id: e.operator_id, name: operatorName(e.name, e.email) },
    createdAt: new Date(e.created_at).toISOString(),
  }));
}

/** The case as its screen shows it: its line, its events oldest first, what the operator may do. */
export async function caseDetailOf(
  db: Db,
  operator: OperatorScope,
  row: CaseRow,
  now: Date,
): Promise<CaseDetail> {
  const [events, facts, owners] = await Promise.all([
    eventsOf(db, row.id),
    replyFacts(db, row.response_id),
    possibleOwners(db, row.company_id, row.branch_id),
  ]);
  const canChange = canActOnCase(operator, row.branch_id);
  const refusal = replyRefusal(facts);
  return {
    ...caseItemOf(row, now),
    events,
    canChange,
    canReply: canChange && refusal === null,
    replyRefusal: refusal,
    // The guest's address is shown only to whom may write to it, and only while they may.
    replyTo: canChange && refusal === null ? facts.email : null,
    owners: canChange ? owners : [],
  };
}

/** GET /console/cases/{id}: the case, if the operator may read it (else 404 10014). */
export async function getCase(db: Db, operator: OperatorScope, id: number, now: Date): Promise<CaseDetail> {
  return caseDetailOf(db, operator, await readableCase(db, operator, id), now);
}
