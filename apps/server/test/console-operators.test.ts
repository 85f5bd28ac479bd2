import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../src/db/schema';
import { serverJobs } from '../src/services/jobs';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, DEMO_SIGN_INS, sessionHeaders, signIn } from './support/console';
import { roomyLimiter } from './support/limiters';

const DAY = 24 * 3600_000;

describe.each(databases())('console operators and audit log on $name', (target) => {
  let h: Harness;
  let owner: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    headers: object,
    payload?: object,
  ) =>
    call(h.app, {
      method,
      url: `${CONSOLE}${path}`,
      headers: { ...headers },
      ...(payload ? { payload } : {}),
    });
  const invite = (body: object) => api('POST', '/operators', owner, { name: 'New One', ...body });
  /** Invites and signs up an operator through their mailed link; answers their id and signed-in headers. */
  async function member(email: string, role: string, branchIds: number[]) {
    const created = await invite({ email, role, branchIds });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mail = (await h.outbox.mails()).find((m) => m.to.includes(email));
    const token = /\/console\/link\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    await api('POST', `/links/${token}`, { origin: 'http://localhost' }, { password: `${email}-password` });
    return {
      id: created.body.data.operator.id as number,
      headers: await signIn(h, email, `${email}-password`),
    };
  }

  it('lists the company’s operators with their roles, branches and status', async () => {
    const list = await api('GET', '/operators', owner);
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([
      {
        id: 1,
        email: 'owner@demo.test',
        name: 'Olivia Owner',
        role: 'owner',
        language: 'en-gb',
        branchIds: [],
        status: 'active',
      },
      {
        id: 2,
        email: 'soho@demo.test',
        name: 'Sam Soho',
        role: 'manager',
        language: 'en-gb',
        branchIds: [1],
        status: 'active',
      },
    ]);
  });

  it.each([
    [
      'an e-mail already used',
      { email: 'SOHO@demo.test', role: 'viewer', branchIds: [1] },
      { email: 'operator.emailTaken' },
    ],
    [
      'not an e-mail',
      { email: 'soho-at-demo', role: 'viewer', branchIds: [1] },
      { email: 'form.invalidEmail' },
    ],
    [
      'O1.5 a manager without a branch',
      { email: 'a@demo.test', role: 'manager', branchIds: [] },
      { branchIds: 'operator.branchesRequired' },
    ],
    [
      'O1.5 an owner with branches',
      { email: 'b@demo.test', role: 'owner', branchIds: [1] },
      { branchIds: 'operator.ownerHasNoBranches' },
    ],
    [
      'a branch of another company',
      { email: 'c@demo.test', role: 'viewer', branchIds: [1, 99] },
      { branchIds: 'operator.unknownBranch' },
    ],
  ])('an invitation with %s is refused with 400 10025 naming the field', async (_what, body, fields) => {
    const answer = await invite(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 10025, detail: { fields }, ui: true });
  });

  it('a role or branch change applies on the operator’s next request; a removal ends their sessions at once', async () => {
    const { id, headers } = await member('mover@demo.test', 'manager', [1]);
    expect((await api('GET', '/me', headers)).body.data.branches.map((b: { id: number }) => b.id)).toEqual([
      1,
    ]);

    const changed = await api('PATCH', `/operators/${id}`, owner, { role: 'viewer', branchIds: [1, 2] });
    expect(changed.body.data.operator).toMatchObject({ role: 'viewer', branchIds: [1, 2] });
    const me = await api('GET', '/me', headers);
    expect(me.body.data.operator.role).toBe('viewer');
    expect(me.body.data.branches.map((b: { id: number }) => b.id)).toEqual([1, 2]);

    const promoted = await api('PATCH', `/operators/${id}`, owner, { role: 'owner' });
    expect(promoted.body.data.operator).toMatchObject({ role: 'owner', branchIds: [] });
    expect((await api('GET', '/operators', headers)).status).toBe(200);
    expect(
      (await api('PATCH', `/operators/${id}`, owner, { role: 'manager' })).body.error.detail.fields,
    ).toEqual({
      branchIds: 'operator.branchesRequired',
    });
    await api('PATCH', `/operators/${id}`, owner, { role: 'manager', branchIds: [2] });
    expect((await api('GET', '/operators', headers)).body.error.code).toBe(10034);

    expect((await api('DELETE', `/operators/${id}`, owner)).status).toBe(200);
    expect((await api('GET', '/me', headers)).status).toBe(401);
    expect(
      (await api('GET', '/operators', owner)).body.data.items.some((o: { id: number }) => o.id === id),
    ).toBe(false);
    expect((await api('DELETE', `/operators/${id}`, owner)).body.error.code).toBe(10014);
  });

  it('O2.7 an owner cannot remove themselves or change their own role; the company keeps an owner', async () => {
    const self = await api('DELETE', '/operators/1', owner);
    expect(self.body.error).toMatchObject({
      code: 10025,
      detail: { fields: { id: 'operator.cannotRemoveSelf' } },
    });
    const demote = await api('PATCH', '/operators/1', owner, { role: 'manager', branchIds: [1] });
    expect(demote.body.error.detail.fields).toEqual({ role: 'operator.cannotChangeOwnRole' });

    const second = await member('second-owner@demo.test', 'owner', []);
    // Two owners: the second may remove the first's fellow owner… but not the last one left.
    expect((await api('PATCH', '/operators/1', second.headers, { name: 'Olivia O.' })).status).toBe(200);
    expect((await api('DELETE', `/operators/${second.id}`, owner)).status).toBe(200);
    expect((await api('PATCH', '/operators/1', owner, { name: 'Olivia Owner' })).status).toBe(200);

    // Two owners of a company removing each other at once: the owners are locked while one removal
    // runs, so the other finds the last owner (or its own session gone); the company keeps one.
    await addOtherCompany(h.database.db);
    const [a, b] = await h.database.db
      .insert(operators)
      .values([
        { companyId: 2, email: 'a@other.test', role: 'owner' },
        { companyId: 2, email: 'b@other.test', role: 'owner' },
      ])
      .returning({ id: operators.id });
    const [asA, asB] = [
      await sessionHeaders(h.database.db, a?.id ?? 0),
      await sessionHeaders(h.database.db, b?.id ?? 0),
    ];
    const answers = await Promise.all([
      api('DELETE', `/operators/${b?.id}`, asA),
      api('DELETE', `/operators/${a?.id}`, asB),
    ]);
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    const left = await h.database.db.select().from(operators).where(eq(operators.companyId, 2));
    expect(left).toHaveLength(1);
  });

  it('every change is in the audit log, newest first, a page at a time, for the owner only', async () => {
    const audit = await api('GET', '/audit', owner);
    expect(audit.status).toBe(200);
    const actions = audit.body.data.items.map((e: { action: string }) => e.action);
    expect(actions).toContain('operator.invite');
    expect(actions).toContain('operator.accept');
    expect(actions).toContain('operator.update');
    expect(actions).toContain('operator.remove');
    const removal = audit.body.data.items.find(
      (e: { action: string; detail: { email?: string } }) =>
        e.action === 'operator.remove' && e.detail.email === 'mover@demo.test',
    );
    expect(removal).toMatchObject({
      actor: 'Olivia Owner <owner@demo.test>',
      subjectType: 'operator',
      detail: { email: 'mover@demo.test', role: 'manager' },
    });
    const ids = audit.body.data.items.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(JSON.stringify(audit.body)).not.toMatch(/password"|argon2/);

    // 60 more: a page holds 50, the next page goes on where it stopped.
    await h.database.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        companyId: 1,
        actor: 'cli',
        action: `page.${i}`,
        subjectType: 'company',
        subjectId: '1',
      })),
    );
    const first = await api('GET', '/audit', owner);
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.items[0].action).toBe('page.59');
    const next = await api('GET', `/audit?cursor=${first.body.data.nextCursor}`, owner);
    expect(next.body.data.items[0].action).toBe('page.9');
    const seen = [...first.body.data.items, ...next.body.data.items].map((e: { id: number }) => e.id);
    expect(new Set(seen).size).toBe(seen.length);
    const manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    expect((await api('GET', '/audit', manager)).body.error.code).toBe(10034);
  });

  it('O2.5 the daily job deletes entries older than a year and keeps the rest', async () => {
    await h.database.db.insert(auditLog).values([
      {
        companyId: 1,
        actor: 'cli',
        action: 'old.one',
        subjectType: 'company',
        createdAt: new Date(NOW.getTime() - 366 * DAY),
      },
      {
        companyId: 1,
        actor: 'cli',
        action: 'recent.one',
        subjectType: 'company',
        createdAt: new Date(NOW.getTime() - 364 * DAY),
      },
    ]);
    const job = serverJobs({ db: h.database.db, rateLimiter: roomyLimiter(), storage: h.storage }).find(
      (j) => j.name === 'audit-retention',
    );
    if (!job) throw new Error('no audit-retention job');
    expect(job.everyMinutes).toBe(24 * 60);
    expect(((await job.run(NOW)) as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    const left = (await h.database.db.select({ action: auditLog.action }).from(auditLog)).map(
      (r) => r.action,
    );
    expect(left).not.toContain('old.one');
    expect(left).toContain('recent.one');
  });
});
