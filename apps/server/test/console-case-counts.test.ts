import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/connection';
import { openCase } from '../src/services/cases';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { addConsoleOperators } from './security/tenants';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';
import { storeResponses } from './support/inbox';

// NOW is 2025-06-14 18:30 UTC: 19:30 on the 14th in London (branch 1), 06:30 on the 15th in Auckland
// (branch 2, set below). A case due on the 14th is overdue in Auckland, not yet in London.
const TODAY_LONDON = '2025-06-14';

interface CaseSpec {
  companyId?: number;
  branchId: number | null;
  status?: 'open' | 'in_progress' | 'resolved';
  dueOn?: string | null;
}

/** A complaint's case as the alert pass opens it, then set to the status and due day asked. */
async function aCase(db: Db, spec: CaseSpec): Promise<number> {
  const companyId = spec.companyId ?? 1;
  const [responseId] = await storeResponses(db, [
    {
      companyId,
      branchId: spec.branchId,
      surveyId: companyId === 2 ? 20 : 1,
      visit: '2025-06-13 12:00:00',
      complaint: true,
    },
  ]);
  const [rule] = await queryRows<{ id: number }>(
    db,
    sql`insert into alert_rules (company_id, name, kind) values (${companyId}, 'Complaints', 'complaint') returning id`,
  );
  const { caseId } = await openCase(db, {
    companyId,
    branchId: spec.branchId,
    responseId: responseId ?? 0,
    ruleId: rule?.id ?? 0,
    at: new Date(NOW.getTime() - 3_600_000),
  });
  await queryRows(
    db,
    sql`update cases set status = ${spec.status ?? 'open'}, due_on = ${spec.dueOn ?? null}::date where id = ${caseId}`,
  );
  return caseId;
}

describe.each(databases())('case counts on $name', (target) => {
  let h: Harness;
  let who: Record<'owner' | 'manager1' | 'manager2' | 'viewer' | 'otherCompany', ConsoleHeaders>;

  beforeAll(async () => {
    h = await startHarness(target);
    const db = h.database.db;
    await addOtherCompany(db);
    const ids = await addConsoleOperators(h.database);
    who = {
      owner: await sessionHeaders(db, ids.owner),
      manager1: await sessionHeaders(db, ids.manager1),
      manager2: await sessionHeaders(db, ids.manager2),
      viewer: await sessionHeaders(db, ids.viewer),
      otherCompany: await sessionHeaders(db, ids.otherCompany),
    };
    await queryRows(db, sql`update branches set time_zone = 'Pacific/Auckland' where id = 2`);
    // Branch 1 (London): 3 to do, 1 of them overdue; a resolved one long past its day counts nothing.
    await aCase(db, { branchId: 1 });
    await aCase(db, { branchId: 1, dueOn: '2025-06-13' });
    await aCase(db, { branchId: 1, status: 'in_progress', dueOn: TODAY_LONDON });
    await aCase(db, { branchId: 1, status: 'resolved', dueOn: '2025-06-01' });
    // Branch 2 (Auckland): the same due day is over there.
    await aCase(db, { branchId: 2, dueOn: TODAY_LONDON });
    await aCase(db, { branchId: 2, status: 'in_progress' });
    // Company-wide (no branch): the owner's alone.
    await aCase(db, { branchId: null, dueOn: '2025-06-10' });
    // Company 2.
    await aCase(db, { companyId: 2, branchId: 20, dueOn: '2025-06-01' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (headers: ConsoleHeaders, url: string) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers });

  it.each([
    ['owner', { unresolved: 6, overdue: 3 }],
    ['manager1', { unresolved: 3, overdue: 1 }],
    ['viewer', { unresolved: 3, overdue: 1 }],
    ['manager2', { unresolved: 2, overdue: 1 }],
    ['otherCompany', { unresolved: 1, overdue: 1 }],
  ] as const)(
    'O14.10 %s counts the unresolved and overdue cases of the branches they see',
    async (actor, counts) => {
      const answer = await get(who[actor], '/cases/counts');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toEqual(counts);
    },
  );

  it('O14.10 counts what the list shows each operator, and overdue as the list marks it', async () => {
    for (const actor of ['owner', 'manager1', 'manager2', 'viewer', 'otherCompany'] as const) {
      const items = (await get(who[actor], '/cases')).body.data.items as { overdue: boolean }[];
      const counts = (await get(who[actor], '/cases/counts')).body.data;
      expect(counts, actor).toEqual({
        unresolved: items.length,
        overdue: items.filter((item) => item.overdue).length,
      });
    }
  });

  it('O14.9 a manager of branch 1 never counts a branch-2 case', async () => {
    const db = h.database.db;
    const before = (await get(who.manager1, '/cases/counts')).body.data;
    await aCase(db, { branchId: 2, dueOn: '2025-06-01' });
    expect((await get(who.manager1, '/cases/counts')).body.data).toEqual(before);
    const mine = await aCase(db, { branchId: 1, dueOn: '2025-06-01' });
    expect((await get(who.manager1, '/cases/counts')).body.data).toEqual({
      unresolved: before.unresolved + 1,
      overdue: before.overdue + 1,
    });
    // Resolved through the API, it counts no more.
    const resolved = await call(h.app, {
      method: 'PATCH',
      url: `${CONSOLE}/cases/${mine}`,
      headers: who.manager1,
      payload: { status: 'resolved' },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await get(who.manager1, '/cases/counts')).body.data).toEqual(before);
  });

  it('answers 401 10005 without a session', async () => {
    const answer = await call(h.app, { method: 'GET', url: `${CONSOLE}/cases/counts` });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe(10005);
  });
});
