import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { openCase } from '../../../src/services/cases';
import { supplementResponse } from '../../../src/services/responses/supplement-response';
import { call, NOW } from '../../harness';
import { CONSOLE, sessionHeaders } from '../../support/console';
import { storeResponses } from '../../support/inbox';
import { type Answer, type ConsoleActor, type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/**
 * A fresh case at branch 1 on a complaint whose guest agreed to be contacted (so a reply may go), opened
 * by a rule of company 1 as the alert pass would.
 */
async function branchOneCase({ h }: RowContext): Promise<{ id: number }> {
  const db = h.database.db;
  const [responseId] = await storeResponses(db, [
    { branchId: 1, visit: '2016-08-08 12:00:00', complaint: true },
  ]);
  if (!responseId) throw new Error('no response');
  await supplementResponse(
    db,
    { id: responseId, surveyId: 1, companyId: 1, branchId: 1 },
    { complaintContact: true, contact: { email: 'matrix.guest@example.com' } },
    NOW,
  );
  const [rule] = await queryRows<{ id: number }>(
    db,
    sql`insert into alert_rules (company_id, name, kind) values (1, 'Matrix', 'complaint') returning id`,
  );
  const opened = await openCase(db, {
    companyId: 1,
    branchId: 1,
    responseId,
    ruleId: rule?.id ?? 0,
    at: NOW,
  });
  return { id: opened.caseId };
}

const lists = (a: Answer, { id }: { id: number }) =>
  a.status === 200 && (a.body.data.items as { id: number }[]).some((item) => item.id === id);

const shows =
  (status: number) =>
  (a: Answer, { id }: { id: number }) =>
    a.status === status && a.body.data.case.id === id;

/** A fresh branch-1 case past its due day: it counts as unresolved and overdue for whoever sees it. */
async function overdueCase(ctx: RowContext): Promise<{ id: number }> {
  const fresh = await branchOneCase(ctx);
  await queryRows(ctx.h.database.db, sql`update cases set due_on = '2016-08-01' where id = ${fresh.id}`);
  return fresh;
}

/**
 * Whether the counts a caller got included the fresh case: resolved (in the database), it must leave
 * their counts one lower, unresolved and overdue alike. A count is no list: only the difference shows
 * whose cases it covers.
 */
const counted = async (
  a: Answer,
  { id }: { id: number },
  { h, ids, actor }: RowContext & { actor: ConsoleActor },
) => {
  if (a.status !== 200 || actor === 'nobody') return false;
  await queryRows(h.database.db, sql`update cases set status = 'resolved' where id = ${id}`);
  const again = await call(h.app, {
    method: 'GET',
    url: `${CONSOLE}/cases/counts`,
    headers: await sessionHeaders(h.database.db, ids[actor]),
  });
  const [before, after] = [a.body.data, again.body.data];
  return before.unresolved - after.unresolved === 1 && before.overdue - after.overdue === 1;
};

/** Changing branch 1's case: its managers and the owner; a viewer reads only; anyone else finds none. */
const caseChange = { ...OUTCOMES.branchChange, manager2: 10014, otherCompany: 10014 } as const;

/** Rows of the cases (issue 30 item 2): a branch-1 case, read by who sees branch 1, changed by who runs it. */
export const CASES_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/cases`]: {
    probes: [
      probe({
        prepare: branchOneCase,
        request: () => ({ method: 'GET', url: `${CONSOLE}/cases` }),
        sees: lists,
        expect: { ...OUTCOMES.branchRead, manager2: 'blind', otherCompany: 'blind' },
      }),
      probe({
        prepare: branchOneCase,
        request: () => ({ method: 'GET', url: `${CONSOLE}/cases?branchId=1` }),
        sees: lists,
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/cases/counts`]: {
    probes: [
      probe({
        prepare: overdueCase,
        request: () => ({ method: 'GET', url: `${CONSOLE}/cases/counts` }),
        sees: counted,
        expect: { ...OUTCOMES.branchRead, manager2: 'blind', otherCompany: 'blind' },
      }),
    ],
  },
  [`GET ${CONSOLE}/cases/:id`]: {
    probes: [
      probe({
        prepare: branchOneCase,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/cases/${id}` }),
        sees: shows(200),
        expect: { ...OUTCOMES.branchRead, manager2: 10014, otherCompany: 10014 },
      }),
    ],
  },
  [`PATCH ${CONSOLE}/cases/:id`]: {
    probes: [
      probe({
        prepare: branchOneCase,
        request: ({ id }) => ({
          method: 'PATCH',
          url: `${CONSOLE}/cases/${id}`,
          payload: { status: 'resolved' },
        }),
        sees: shows(200),
        expect: caseChange,
      }),
    ],
  },
  [`POST ${CONSOLE}/cases/:id/notes`]: {
    probes: [
      probe({
        prepare: branchOneCase,
        request: ({ id }) => ({
          method: 'POST',
          url: `${CONSOLE}/cases/${id}/notes`,
          payload: { body: 'Matrix' },
        }),
        sees: shows(201),
        expect: caseChange,
      }),
    ],
  },
  [`POST ${CONSOLE}/cases/:id/reply`]: {
    probes: [
      probe({
        prepare: branchOneCase,
        request: ({ id }) => ({
          method: 'POST',
          url: `${CONSOLE}/cases/${id}/reply`,
          payload: { body: 'Sorry' },
        }),
        sees: shows(201),
        expect: caseChange,
      }),
    ],
  },
};
