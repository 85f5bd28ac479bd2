import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addConsoleOperators } from './security/tenants';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';

const URL = `${CONSOLE}/alert-rules`;

describe.each(databases())('console alert rules on $name', (target) => {
  let h: Harness;
  let ids: Awaited<ReturnType<typeof addConsoleOperators>>;
  let owner: ConsoleHeaders;
  let manager1: ConsoleHeaders;
  let viewer: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    ids = await addConsoleOperators(h.database);
    owner = await sessionHeaders(h.database.db, ids.owner);
    manager1 = await sessionHeaders(h.database.db, ids.manager1);
    viewer = await sessionHeaders(h.database.db, ids.viewer);
  });
  afterAll(async () => h?.close());

  const post = (headers: ConsoleHeaders, payload: Record<string, unknown>) =>
    call(h.app, { method: 'POST', url: URL, headers, payload });
  const audit = (id: number) =>
    queryRows<{ action: string; actor_operator_id: number; branch_id: number | null }>(
      h.database.db,
      sql`select action, actor_operator_id, branch_id from audit_log where subject_type = 'alertRule'
        and subject_id = ${String(id)} order by id`,
    );

  it('an owner adds, lists, changes and deletes a company-wide rule, each change audited', async () => {
    const made = await post(owner, {
      name: 'Low food',
      kind: 'indicator',
      branchId: null,
      indicatorId: 1,
      maxScore: 2,
      recipientIds: [ids.owner],
    });
    expect(made.status).toBe(201);
    const rule = made.body.data.rule;
    expect(rule).toMatchObject({
      name: 'Low food',
      kind: 'indicator',
      opensCase: true,
      active: true,
      canChange: true,
    });

    const list = await call(h.app, { method: 'GET', url: URL, headers: owner });
    expect(list.body.data.rules.map((r: { id: number }) => r.id)).toContain(rule.id);
    // The form's choices: the company's operators (not company 2's) and its surveys' indicators.
    const emails = list.body.data.recipients.map((r: { email: string }) => r.email);
    expect(emails).toContain('viewer@demo.test');
    expect(emails).not.toContain('owner@other.test');
    expect(list.body.data.indicators.find((i: { id: number }) => i.id === 1)).toMatchObject({
      name: expect.any(String),
    });

    const changed = await call(h.app, {
      method: 'PATCH',
      url: `${URL}/${rule.id}`,
      headers: owner,
      payload: { maxScore: 1, active: false },
    });
    expect(changed.body.data.rule).toMatchObject({ maxScore: 1, active: false, indicatorId: 1 });
    const removed = await call(h.app, { method: 'DELETE', url: `${URL}/${rule.id}`, headers: owner });
    expect(removed.status).toBe(200);
    expect((await audit(rule.id)).map((a) => a.action)).toEqual([
      'alertRule.create',
      'alertRule.update',
      'alertRule.delete',
    ]);
    const again = await call(h.app, { method: 'DELETE', url: `${URL}/${rule.id}`, headers: owner });
    expect(again.body.error.code).toBe(10014);
  });

  it('a manager manages rules of their own branch only; a company-wide rule is the owner’s', async () => {
    const own = await post(manager1, {
      name: 'Soho',
      kind: 'complaint',
      branchId: 1,
      recipientIds: [ids.manager1],
    });
    expect(own.status).toBe(201);
    expect((await audit(own.body.data.rule.id))[0]).toMatchObject({
      actor_operator_id: ids.manager1,
      branch_id: 1,
    });
    const company = await post(manager1, {
      name: 'All',
      kind: 'complaint',
      branchId: null,
      recipientIds: [ids.owner],
    });
    expect(company.status).toBe(403);
    expect(company.body.error.code).toBe(10034);
    const other = await post(manager1, {
      name: 'B2',
      kind: 'complaint',
      branchId: 2,
      recipientIds: [ids.owner],
    });
    expect(other.body.error.code).toBe(10012);
    // Moving their rule to a branch they do not run is refused too.
    const moved = await call(h.app, {
      method: 'PATCH',
      url: `${URL}/${own.body.data.rule.id}`,
      headers: manager1,
      payload: { branchId: 2 },
    });
    expect(moved.body.error.code).toBe(10012);
    const byViewer = await post(viewer, {
      name: 'V',
      kind: 'complaint',
      branchId: 1,
      recipientIds: [ids.viewer],
    });
    expect(byViewer.body.error.code).toBe(10034);
  });

  it('recipients must see the rule’s branch: 400 10025 names each one that may not', async () => {
    const r = await post(owner, {
      name: 'Soho',
      kind: 'complaint',
      branchId: 1,
      recipientIds: [ids.manager1, ids.manager2, ids.otherCompany],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10025);
    expect(r.body.error.detail.fields).toEqual([
      expect.objectContaining({
        field: 'body.recipientIds',
        message: 'alerts.recipientOutOfScope',
        params: { operatorId: ids.manager2 },
      }),
      expect.objectContaining({
        field: 'body.recipientIds',
        message: 'alerts.recipientOutOfScope',
        params: { operatorId: ids.otherCompany },
      }),
    ]);
    expect(r.body.error.message).toContain(String(ids.manager2));
    // A company-wide rule mails only those who see every branch.
    const wide = await post(owner, {
      name: 'All',
      kind: 'complaint',
      branchId: null,
      recipientIds: [ids.manager1],
    });
    expect(wide.body.error.detail.fields[0].params).toEqual({ operatorId: ids.manager1 });
  });

  it.each([
    ['an indicator rule without its score', { kind: 'indicator', indicatorId: 1 }, 'body.maxScore'],
    ['an indicator no survey has', { kind: 'indicator', indicatorId: 999, maxScore: 2 }, 'body.indicatorId'],
    [
      'a score the indicator cannot be given',
      { kind: 'indicator', indicatorId: 1, maxScore: 9 },
      'body.maxScore',
    ],
    ['a words rule without words', { kind: 'words' }, 'body.words'],
    ['words on a detractor rule', { kind: 'detractor', words: ['cold'] }, 'body.words'],
  ])('%s is refused with its field', async (_name, over, field) => {
    const r = await post(owner, { name: 'X', branchId: null, recipientIds: [ids.owner], ...over });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10025);
    expect(r.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('a body of the wrong shape is 400 10009; no recipients 10008 or 10009', async () => {
    const r = await post(owner, { name: 'X', kind: 'loud', branchId: null, recipientIds: [ids.owner] });
    expect(r.status).toBe(400);
    const none = await post(owner, { name: 'X', kind: 'complaint', branchId: null, recipientIds: [] });
    expect(none.status).toBe(400);
  });
});
