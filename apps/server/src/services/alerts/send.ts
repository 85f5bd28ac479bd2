import {
  type AlertKind,
  alertRetryDelayMs,
  type Indicator,
  labelIndicators,
  mayReceiveAlerts,
  type OperatorRole,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import type { Mailer } from '../mail';
import { GUEST_TEXT_OF_P } from '../reports/fold';
import { type AlertMailFacts, alertMail } from './alert-mail';

/** Due mails taken per round; each round's mails go out together (one SMTP connection each). */
export const ALERT_SEND_BATCH = 20;
/** A claimed mail is held this long: a sender that died mid-send leaves it to be taken again after. */
export const ALERT_LEASE_MS = 2 * 60_000;

export interface AlertSendDeps {
  db: Db;
  mailer: Mailer;
  /** The site's origin for the console links (PUBLIC_URL, else the request's or the server's own). */
  origin: string;
  now: () => Date;
}

export interface AlertSendResult {
  sent: number;
  /** Failed this time, to be tried again later (O9.8). */
  retrying: number;
  /** Given up: its attempts are spent, or its recipient may no longer see the branch. */
  failed: number;
}

interface MailRow {
  id: number;
  attempts: number;
  email: string;
  operator_name: string;
  language: string;
  operator_company_id: number;
  role: OperatorRole;
  operator_branch_ids: number[];
  company_id: number;
  company_name: string;
  rule_name: string;
  rule_kind: AlertKind;
  rule_words: string[];
  rule_indicator_id: number | null;
  rule_max_score: number | null;
  response_id: number;
  branch_id: number | null;
  branch_name: string | null;
  time_zone: string | null;
  survey_name: string;
  survey_indicators: Indicator[] | null;
  visit_datetime: string;
  created_at: Date | string;
  auth_type: string;
  trigger_complaint: boolean;
  manager_feedback: boolean;
  nps_score: number | null;
  csat_score: number | null;
  indicators: { id: number; score: number }[] | null;
  text: string | null;
  case_id: number | null;
}

/** Takes up to a batch of due pending mails: each attempt counted and leased, so no other sender takes it. */
async function claimDue(deps: AlertSendDeps): Promise<number[]> {
  const now = deps.now();
  const lease = new Date(now.getTime() + ALERT_LEASE_MS);
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`update alert_mails m set attempts = m.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz
      where m.id in (select id from alert_mails where state = 'pending'
        and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id limit ${ALERT_SEND_BATCH} for update skip locked)
      returning m.id`,
  );
  return rows.map((r) => r.id);
}

const readMails = (db: Db, ids: number[]) =>
  queryRows<MailRow>(
    db,
    sql`select m.id, m.attempts, o.email, o.name as operator_name, o.language, o.company_id as operator_company_id,
        o.role, array(select ob.branch_id from operator_branches ob where ob.operator_id = o.id) as operator_branch_ids,
        m.company_id, c.name as company_name, a.name as rule_name, a.kind as rule_kind, a.words as rule_words,
        a.indicator_id as rule_indicator_id, a.max_score as rule_max_score,
        p.id as response_id, p.branch_id, b.name as branch_name, b.time_zone, s.name as survey_name,
        s.definition->'indicators' as survey_indicators, p.visit_datetime, p.created_at, p.auth_type,
        p.trigger_complaint, p.manager_feedback, p.nps_score, p.csat_score,
        p.payload->'answers'->'indicators' as indicators, ${GUEST_TEXT_OF_P} as text, k.id as case_id
      from alert_mails m
      join operators o on o.id = m.operator_id
      join companies c on c.id = m.company_id
      join alert_rules a on a.id = m.rule_id
      join responses p on p.id = m.response_id
      join surveys s on s.id = p.survey_id
      left join branches b on b.id = p.branch_id
      left join cases k on k.response_id = p.id
      where m.id = any(${intArray(ids)})`,
  );

/** A time on the venue's wall clock (`YYYY-MM-DD HH:mm:ss`) in its IANA zone. */
export function wallClock(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

function factsOf(row: MailRow, origin: string): AlertMailFacts {
  const defined = Array.isArray(row.survey_indicators) ? row.survey_indicators : [];
  const given = Array.isArray(row.indicators) ? row.indicators : [];
  const labelled = labelIndicators(given, defined);
  const ruleIndicator = defined.find((i) => i.id === row.rule_indicator_id);
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    to: row.email,
    language: row.language,
    recipientName: row.operator_name,
    companyName: row.company_name,
    ruleName: row.rule_name,
    ruleKind: row.rule_kind,
    words: row.rule_words,
    indicatorRule:
      row.rule_indicator_id !== null && row.rule_max_score !== null
        ? { name: ruleIndicator?.name ?? `#${row.rule_indicator_id}`, maxScore: row.rule_max_score }
        : null,
    branchName: row.branch_name ?? row.company_name,
    surveyName: row.survey_name,
    visit: row.visit_datetime,
    stored: wallClock(created, row.time_zone ?? 'UTC'),
    fromTablet: row.auth_type === 'app',
    complaint: row.trigger_complaint || row.manager_feedback,
    npsScore: row.nps_score,
    csatScore: row.csat_score,
    indicators: labelled
      .filter((i) => i.kind !== 'nps' && i.kind !== 'csat')
      .map((i) => ({ name: i.name ?? `#${i.id}`, score: i.score, max: i.max })),
    text: row.text ?? '',
    responseUrl: `${origin}/console/responses/${row.response_id}`,
    caseUrl: row.case_id === null ? null : `${origin}/console/cases/${row.case_id}`,
  };
}

/** Sends one claimed mail and records what came of it (sent; failed and due again later; given up). */
async function sendOne(deps: AlertSendDeps, row: MailRow): Promise<keyof AlertSendResult> {
  const recipient = {
    id: 0,
    companyId: row.operator_company_id,
    role: row.role,
    branchIds: row.role === 'owner' ? ('all' as const) : row.operator_branch_ids,
  };
  // O1.7 again at sending: a recipient who lost the branch since the pass is not sent what it holds.
  if (!mayReceiveAlerts(recipient, row.company_id, row.branch_id)) {
    await deps.db.execute(
      sql`update alert_mails set state = 'failed', error = 'The recipient may no longer see this branch'
        where id = ${row.id}`,
    );
    return 'failed';
  }
  try {
    await deps.mailer.send(alertMail(factsOf(row, deps.origin)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delay = alertRetryDelayMs(row.attempts);
    const giveUp = delay === null;
    const next = new Date(deps.now().getTime() + (delay ?? 0));
    await deps.db.execute(
      sql`update alert_mails set error = ${message},
          state = ${giveUp ? 'failed' : 'pending'}, next_attempt_at = ${next.toISOString()}::timestamptz
        where id = ${row.id}`,
    );
    return giveUp ? 'failed' : 'retrying';
  }
  await deps.db.execute(
    sql`update alert_mails set state = 'sent', sent_at = ${deps.now().toISOString()}::timestamptz, error = null
      where id = ${row.id}`,
  );
  return 'sent';
}

/**
 * The alert mail sender (decision 0247): takes the due pending mails a batch at a time (leased, so other
 * senders skip them) and sends each batch together through the mailer, until none is due. A failed
 * send is tried again after O9.8's delay, and given up after its last attempt with the error kept.
 * A mail whose send succeeded but whose row could not be updated (the server died between the two) is
 * sent again after its lease: at least once, never silently lost.
 */
export async function sendDueAlertMails(deps: AlertSendDeps): Promise<AlertSendResult> {
  const result: AlertSendResult = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const ids = await claimDue(deps);
    if (ids.length === 0) return result;
    const rows = await readMails(deps.db, ids);
    const outcomes = await Promise.all(rows.map((row) => sendOne(deps, row)));
    for (const outcome of outcomes) result[outcome] += 1;
  }
}
