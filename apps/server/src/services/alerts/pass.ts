import {
  type AlertFacts,
  type MatchableRule,
  matchingRules,
  mayReceiveAlerts,
  type OperatorRole,
  responseCreatedMessageId,
  responseSupplementedMessageId,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import { openCase } from '../cases';
import { GUEST_TEXT_OF_P } from '../reports/fold';
import { enqueueEvent } from '../webhooks';

/** The most responses (and, apart, supplements) one pass takes: bounds its transaction after a pause. */
export const ALERT_BATCH = 200;

interface ClaimedResponse {
  id: number;
  company_id: number;
  branch_id: number | null;
  survey_id: number;
  visit_datetime: string;
  auth_type: string;
  created_at: Date | string;
  trigger_complaint: boolean;
  manager_feedback: boolean;
  nps_score: number | null;
  csat_score: number | null;
  language: string | null;
  indicators: { id: number; score: number }[] | null;
  text: string | null;
}

interface ClaimedSupplement {
  response_id: number;
  company_id: number;
  kind: string;
  payload: Record<string, unknown>;
  updated_at: Date | string;
}

interface RuleRow extends MatchableRule {
  companyId: number;
  recipientIds: number[];
  opensCase: boolean;
}

interface Recipient {
  id: number;
  companyId: number;
  role: OperatorRole;
  branchIds: number[] | 'all';
}

export interface AlertPassResult {
  responses: number;
  supplements: number;
  /** Alert mails queued (new rows: a retried pass adds none). */
  mails: number;
  cases: number;
  /** Webhook deliveries queued (response.created, response.supplemented, case.opened). */
  events: number;
}

/** Test seams: runs inside the pass's transaction after its work, before it commits. */
export interface AlertPassHooks {
  beforeCommit?: () => Promise<void>;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Claims up to ALERT_BATCH unseen responses and marks them seen, in the caller's transaction: another
 * pass (another replica, the minute job) skips these rows, and a rollback leaves them unseen.
 */
const claimResponses = (tx: Db) =>
  queryRows<ClaimedResponse>(
    tx,
    sql`update responses p set notified = true
      where p.id in (select id from responses where not notified order by id limit ${ALERT_BATCH} for update skip locked)
      returning p.id, p.company_id, p.branch_id, p.survey_id, p.visit_datetime, p.auth_type, p.created_at,
        p.trigger_complaint, p.manager_feedback, p.nps_score, p.csat_score, p.language,
        p.payload->'answers'->'indicators' as indicators, ${GUEST_TEXT_OF_P} as text`,
  );

const claimSupplements = (tx: Db) =>
  queryRows<ClaimedSupplement>(
    tx,
    sql`update response_supplements s set notified = true
      from responses r
      where r.id = s.response_id and (s.response_id, s.kind) in (select response_id, kind
        from response_supplements where not notified order by response_id, kind limit ${ALERT_BATCH}
        for update skip locked)
      returning s.response_id, r.company_id, s.kind, s.payload, s.updated_at`,
  );

async function activeRules(tx: Db, companyIds: number[]): Promise<RuleRow[]> {
  if (companyIds.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    company_id: number;
    branch_id: number | null;
    kind: string;
    indicator_id: number | null;
    max_score: number | null;
    words: string[];
    recipient_ids: number[];
    opens_case: boolean;
  }>(
    tx,
    sql`select id, company_id, branch_id, kind, indicator_id, max_score, words, recipient_ids, opens_case
      from alert_rules where active and company_id = any(${intArray(companyIds)}) order by id`,
  );
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    branchId: r.branch_id,
    kind: r.kind,
    indicatorId: r.indicator_id,
    maxScore: r.max_score,
    words: r.words,
    recipientIds: r.recipient_ids,
    opensCase: r.opens_case,
    active: true,
  }));
}

/** The rules' recipients as they are now (a removed operator is gone; a changed role counts). */
async function recipientsOf(tx: Db, rules: RuleRow[]): Promise<Map<number, Recipient>> {
  const ids = [...new Set(rules.flatMap((r) => r.recipientIds))];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; company_id: number; role: OperatorRole; branch_ids: number[] }>(
    tx,
    sql`select o.id, o.company_id, o.role,
        array(select ob.branch_id from operator_branches ob where ob.operator_id = o.id) as branch_ids
      from operators o where o.id = any(${intArray(ids)})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        companyId: r.company_id,
        role: r.role,
        branchIds: r.role === 'owner' ? 'all' : r.branch_ids,
      },
    ]),
  );
}

const factsOf = (r: ClaimedResponse): AlertFacts => ({
  branchId: r.branch_id,
  // O9.3 as G4.79's raisedComplaint: a triggerComplaint question answered, or the manager-feedback rule passed.
  complaint: r.trigger_complaint || r.manager_feedback,
  npsScore: r.nps_score,
  indicators: Array.isArray(r.indicators)
    ? r.indicators.filter((i) => typeof i?.id === 'number' && typeof i?.score === 'number')
    : [],
  text: r.text ?? '',
});

/**
 * One alert pass (decision 0240, 0247), in one transaction: takes the unseen responses, matches each
 * against its company's active rules (O9.1–O9.6), queues an alert mail per rule and recipient who may
 * still see the response's branch (O1.7; the unique key makes a second pass add nothing), opens the
 * response's case when a matching rule says so, queues `response.created`; then takes the unseen
 * supplements and queues `response.supplemented` for each version. Supplements carry no answers
 * (marketing permission, complaint contact, voucher unseen, contact given), so they never change what
 * a response matches and are not matched again. All of it commits together, or none of it (the rows stay
 * unseen and the next pass takes them).
 */
export async function runAlertPass(db: Db, now: Date, hooks: AlertPassHooks = {}): Promise<AlertPassResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const claimed = await claimResponses(tx);
    const rules = await activeRules(tx, [...new Set(claimed.map((r) => r.company_id))]);
    const recipients = await recipientsOf(tx, rules);
    const mails: { company_id: number; rule_id: number; response_id: number; operator_id: number }[] = [];
    let cases = 0;
    let events = 0;
    for (const response of claimed.sort((a, b) => a.id - b.id)) {
      const facts = factsOf(response);
      const matched = matchingRules(
        rules.filter((r) => r.companyId === response.company_id),
        facts,
      );
      for (const rule of matched) {
        for (const id of new Set(rule.recipientIds)) {
          const recipient = recipients.get(id);
          if (!recipient || !mayReceiveAlerts(recipient, response.company_id, response.branch_id)) continue;
          mails.push({
            company_id: response.company_id,
            rule_id: rule.id,
            response_id: response.id,
            operator_id: id,
          });
        }
      }
      // One case per response: the first matching rule that opens cases opens it (openCase keeps one).
      const opener = matched.find((r) => r.opensCase);
      let caseId: number | null = null;
      if (opener) {
        const opened = await openCase(tx, {
          companyId: response.company_id,
          branchId: response.branch_id,
          responseId: response.id,
          ruleId: opener.id,
          at: now,
        });
        caseId = opened.caseId;
        if (opened.opened) cases += 1;
        // case.opened may have been queued by openCase in this transaction: the sender looks.
        if (opened.opened) events += 1;
      }
      events += await enqueueEvent(tx, {
        companyId: response.company_id,
        type: 'response.created',
        messageId: responseCreatedMessageId(response.id),
        at: now,
        data: {
          responseId: response.id,
          branchId: response.branch_id,
          surveyId: response.survey_id,
          visitTime: response.visit_datetime,
          storedAt: asDate(response.created_at).toISOString(),
          source: response.auth_type,
          language: response.language,
          npsScore: response.nps_score,
          csatScore: response.csat_score,
          complaint: facts.complaint,
          alertRuleIds: matched.map((r) => r.id),
          caseId,
        },
      });
    }
    const queued = mails.length
      ? await queryRows<{ id: number }>(
          tx,
          sql`insert into alert_mails (company_id, rule_id, response_id, operator_id, next_attempt_at, created_at)
            select m.company_id, m.rule_id, m.response_id, m.operator_id, ${now.toISOString()}::timestamptz,
              ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb)
              as m(company_id int, rule_id int, response_id int, operator_id int)
            on conflict (rule_id, response_id, operator_id) do nothing
            returning id`,
        )
      : [];

    const supplements = await claimSupplements(tx);
    for (const s of supplements) {
      const updatedAt = asDate(s.updated_at);
      events += await enqueueEvent(tx, {
        companyId: s.company_id,
        type: 'response.supplemented',
        messageId: responseSupplementedMessageId(s.response_id, s.kind, updatedAt),
        at: now,
        // The supplement's own payload: a flag (`permitted`, `complaintContact`, `voucherUnseen`) or
        // `{ given: true }` for contact details, never the details themselves (they live elsewhere).
        data: {
          responseId: s.response_id,
          kind: s.kind,
          payload: s.payload,
          updatedAt: updatedAt.toISOString(),
        },
      });
    }
    await hooks.beforeCommit?.();
    return {
      responses: claimed.length,
      supplements: supplements.length,
      mails: queued.length,
      cases,
      events,
    };
  });
}

/** Whether unseen rows remain (any, locked by another pass or not): the runner looks again shortly. */
export async function unseenRemain(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from responses where not notified)
      or exists (select 1 from response_supplements where not notified) as any`,
  );
  return row?.any === true;
}
