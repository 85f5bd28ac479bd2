import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/connection';
import { openCase, replyToGuest } from '../src/services/cases';
import { createMailer, MailError } from '../src/services/mail';
import { supplementResponse } from '../src/services/responses/supplement-response';
import { purgeContactDetails } from '../src/services/retention/contact-details';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { addConsoleOperators } from './security/tenants';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';
import { storeResponses } from './support/inbox';
import { collectLog, type SmtpListener, startSmtpListener } from './support/mail';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An alert rule of company 1 (a case names the rule that opened it). */
async function complaintRule(db: Db): Promise<number> {
  const [rule] = await queryRows<{ id: number }>(
    db,
    sql`insert into alert_rules (company_id, branch_id, name, kind) values (1, 1, 'Complaints at Soho', 'complaint')
      returning id`,
  );
  return rule?.id ?? 0;
}

/** A complaint at branch 1 with a comment; its contact as given at checkout. */
async function complaint(
  db: Db,
  text: string,
  supplement: Parameters<typeof supplementResponse>[2] | null,
  branchId = 1,
): Promise<number> {
  const [id] = await storeResponses(db, [
    {
      branchId,
      visit: '2025-06-14 12:00:00',
      csat: 20,
      nps: 3,
      complaint: true,
      questions: [{ id: 102, answer: { text } }],
    },
  ]);
  if (!id) throw new Error('no response');
  if (supplement) await supplementResponse(db, { id, surveyId: 1, companyId: 1, branchId }, supplement, NOW);
  return id;
}

describe.each(databases())('cases on $name', (target) => {
  let h: Harness;
  let smtp: SmtpListener;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let manager2: ConsoleHeaders;
  let viewer: ConsoleHeaders;
  let ids: Awaited<ReturnType<typeof addConsoleOperators>>;
  let ruleId = 0;
  let responseId = 0;
  let caseId = 0;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    h = await startHarness(target, {
      deps: () => ({
        mailer: createMailer({
          smtpUrl: smtp.url,
          from: 'Venue Voice <no-reply@venue-voice.test>',
          outboxDir: '/nonexistent',
          log: collectLog(),
        }),
      }),
    });
    const db = h.database.db;
    await addOtherCompany(db);
    ids = await addConsoleOperators(h.database);
    owner = await sessionHeaders(db, ids.owner);
    manager = await sessionHeaders(db, ids.manager1);
    manager2 = await sessionHeaders(db, ids.manager2);
    viewer = await sessionHeaders(db, ids.viewer);
    ruleId = await complaintRule(db);
    responseId = await complaint(db, 'The soup was cold and we waited forty minutes for the mains', {
      complaintContact: true,
      contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    // Opened as the alert pass does, three hours before the clock's now.
    const opened = await openCase(db, {
      companyId: 1,
      branchId: 1,
      responseId,
      ruleId,
      at: new Date(NOW.getTime() - 3 * HOUR),
    });
    caseId = opened.caseId;
    await queryRows(
      db,
      sql`insert into webhooks (company_id, url, events, secret)
        values (1, 'https://hooks.example.com/vv', ${'{case.resolved}'}::text[], 'whsec_dGVzdA==')`,
    );
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  const get = (who: ConsoleHeaders, url: string) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers: who });
  const send = (who: ConsoleHeaders, method: 'PATCH' | 'POST', url: string, payload: unknown) =>
    call(h.app, { method, url: `${CONSOLE}${url}`, headers: who, payload: payload as object });

  it('lists the open case with its age, branch and the response’s headline', async () => {
    const answer = await get(manager, '/cases');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const item = answer.body.data.items.find((c: { id: number }) => c.id === caseId);
    expect(item).toMatchObject({
      status: 'open',
      branch: { id: 1, name: 'Demo Bistro Soho' },
      owner: null,
      dueOn: null,
      overdue: false,
      ageMs: 3 * HOUR,
      rule: 'Complaints at Soho',
      response: {
        id: responseId,
        csat: 20,
        nps: 3,
        complaint: true,
        excerpt: 'The soup was cold and we waited forty minutes for the mains',
      },
    });
    // Branch 2's manager sees none of branch 1's, and may not ask for it.
    const other = await get(manager2, '/cases');
    expect(other.body.data.items.map((c: { id: number }) => c.id)).not.toContain(caseId);
    expect((await get(manager2, '/cases?branchId=1')).body.error.code).toBe(10012);
  });

  it('shows the case with what the operator may do', async () => {
    const detail = (await get(manager, `/cases/${caseId}`)).body.data.case;
    expect(detail).toMatchObject({
      id: caseId,
      canChange: true,
      canReply: true,
      replyRefusal: null,
      replyTo: 'ada@example.com',
      events: [],
    });
    expect(detail.owners.map((o: { id: number }) => o.id).sort()).toEqual([ids.owner, ids.manager1].sort());
    // The response's own screen links to it.
    const response = (await get(manager, `/responses/${responseId}`)).body.data.response;
    expect(response.case).toEqual({ id: caseId, status: 'open' });
    const read = (await get(viewer, `/cases/${caseId}`)).body.data.case;
    expect(read).toMatchObject({ canChange: false, canReply: false, replyTo: null, owners: [] });
    expect((await get(manager2, `/cases/${caseId}`)).body.error.code).toBe(10014);
  });

  it('assigns an owner and a due day, each an event and audited; refuses who may not own it', async () => {
    const answer = await send(manager, 'PATCH', `/cases/${caseId}`, {
      ownerId: ids.manager1,
      dueOn: '2025-06-16',
      status: 'in_progress',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const c = answer.body.data.case;
    expect(c).toMatchObject({ status: 'in_progress', owner: { id: ids.manager1 }, dueOn: '2025-06-16' });
    expect(c.events.map((e: { kind: string; body: string }) => [e.kind, e.body])).toEqual([
      ['owner', 'Sam Soho'],
      ['due', '2025-06-16'],
      ['status', 'in_progress'],
    ]);
    const filtered = await get(owner, `/cases?ownerId=${ids.manager1}&status=in_progress`);
    expect(filtered.body.data.items.map((i: { id: number }) => i.id)).toEqual([caseId]);
    expect(
      (await get(owner, '/cases?ownerId=none')).body.data.items.map((i: { id: number }) => i.id),
    ).not.toContain(caseId);

    // A viewer may not be given it, nor branch 2's manager; the same values again change nothing.
    for (const ownerId of [ids.viewer, ids.manager2, ids.otherCompany]) {
      const refused = await send(owner, 'PATCH', `/cases/${caseId}`, { ownerId });
      expect(refused.body.error).toMatchObject({ code: 10009, detail: { fields: [{ field: 'ownerId' }] } });
    }
    const same = await send(owner, 'PATCH', `/cases/${caseId}`, {
      ownerId: ids.manager1,
      dueOn: '2025-06-16',
    });
    expect(same.body.data.case.events).toHaveLength(3);
    const audit = await queryRows<{ action: string; detail: unknown }>(
      h.database.db,
      sql`select action, detail from audit_log where subject_type = 'case' and subject_id = ${String(caseId)}`,
    );
    expect(audit).toEqual([
      {
        action: 'case.update',
        detail: { ownerId: ids.manager1, dueOn: '2025-06-16', status: 'in_progress' },
      },
    ]);
  });

  it('marks a case overdue once its due day is over at the branch', async () => {
    await queryRows(h.database.db, sql`update cases set due_on = '2025-06-13' where id = ${caseId}`);
    const item = (await get(owner, '/cases')).body.data.items.find((c: { id: number }) => c.id === caseId);
    expect(item.overdue).toBe(true);
    await queryRows(h.database.db, sql`update cases set due_on = '2025-06-16' where id = ${caseId}`);
  });

  it('refuses bad changes with the field and why', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 10008, 'status'],
      [{ dueOn: '2025-06-13' }, 10009, 'dueOn'],
      [{ dueOn: '2025-02-30' }, 10009, 'dueOn'],
      [{ status: 'closed' }, 10009, 'status'],
      [{ colour: 'red' }, 10009, ''],
    ];
    for (const [body, code, field] of cases) {
      const answer = await send(manager, 'PATCH', `/cases/${caseId}`, body);
      expect(answer.body.error.code, JSON.stringify(body)).toBe(code);
      if (field) expect(JSON.stringify(answer.body.error.detail)).toContain(field);
    }
    expect((await send(manager, 'POST', `/cases/${caseId}/notes`, { body: '   ' })).body.error).toMatchObject(
      {
        code: 10009,
        detail: { fields: [{ field: 'body', message: 'case.textRequired' }] },
      },
    );
    expect((await get(manager, '/cases?cursor=abc')).body.error.code).toBe(10009);
    expect((await get(manager, '/cases?status=closed')).body.error.code).toBe(10009);
    // A viewer reads only; branch 2's manager finds nothing.
    expect((await send(viewer, 'PATCH', `/cases/${caseId}`, { status: 'resolved' })).body.error.code).toBe(
      10034,
    );
    expect((await send(manager2, 'POST', `/cases/${caseId}/notes`, { body: 'x' })).body.error.code).toBe(
      10014,
    );
  });

  it('keeps a note on the timeline', async () => {
    const answer = await send(manager, 'POST', `/cases/${caseId}/notes`, { body: '  Called the kitchen.  ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const note = answer.body.data.case.events.at(-1);
    expect(note).toMatchObject({ kind: 'note', body: 'Called the kitchen.', operator: { id: ids.manager1 } });
  });

  it('replies to the guest by e-mail from the venue, kept on the case', async () => {
    const before = smtp.received.length;
    const answer = await send(manager, 'POST', `/cases/${caseId}/reply`, {
      body: 'We are sorry about the soup.\n\nYour next starter is on us.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const mail = await smtp.message(before);
    expect(mail).toMatchObject({
      from: { address: 'no-reply@venue-voice.test', name: 'Demo Bistro Soho' },
      to: ['ada@example.com'],
      subject: 'Your feedback about Demo Bistro Soho',
    });
    expect(mail.raw).toMatch(/^Reply-To: soho@demo\.test/m);
    expect(mail.text).toContain('Dear Ada Lovelace,');
    expect(mail.text).toContain('Your next starter is on us.');
    expect(mail.html).toContain('<p>We are sorry about the soup.</p>');
    expect(answer.body.data.case.events.at(-1)).toMatchObject({
      kind: 'reply',
      body: 'We are sorry about the soup.\n\nYour next starter is on us.',
      sentTo: 'ada@example.com',
    });
    const [audit] = await queryRows<{ detail: unknown }>(
      h.database.db,
      sql`select detail from audit_log where action = 'case.reply' and subject_id = ${String(caseId)}`,
    );
    expect(JSON.stringify(audit)).not.toContain('ada@');
  });

  it('keeps nothing when the mail server refuses the reply (503 10021)', async () => {
    const db = h.database.db;
    const refusing = {
      send: async () => {
        throw new MailError('The mail server (smtp://127.0.0.1) did not take the mail: 554 refused');
      },
    };
    const operator = {
      id: ids.manager1,
      companyId: 1,
      role: 'manager' as const,
      branchIds: [1],
      email: 'soho@demo.test',
      name: 'Sam Soho',
      language: 'en-gb' as const,
    };
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from case_events where case_id = ${caseId}`,
        )
      )[0]?.n;
    const before = await count();
    await expect(
      replyToGuest({ db, operator, now: NOW, mailer: refusing }, caseId, { body: 'Lost in the post' }),
    ).rejects.toMatchObject({ code: 10021, status: 503 });
    expect(await count()).toBe(before);
  });

  it('resolves (case.resolved queued), reopens and resolves again: two events', async () => {
    const deliveries = () =>
      queryRows<{ message_id: string; payload: { data: { caseId: number } } }>(
        h.database.db,
        sql`select message_id, payload from webhook_deliveries where event_type = 'case.resolved' order by id`,
      );
    const resolved = await send(manager, 'PATCH', `/cases/${caseId}`, { status: 'resolved' });
    expect(resolved.body.data.case).toMatchObject({
      status: 'resolved',
      resolvedAt: NOW.toISOString(),
      ageMs: 3 * HOUR,
      overdue: false,
    });
    expect((await deliveries()).map((d) => d.message_id)).toEqual([`msg_case.resolved_${caseId}_1`]);
    expect((await get(manager, '/cases')).body.data.items.map((i: { id: number }) => i.id)).not.toContain(
      caseId,
    );
    expect(
      (await get(manager, '/cases?status=resolved')).body.data.items.map((i: { id: number }) => i.id),
    ).toContain(caseId);

    const reopened = await send(manager, 'PATCH', `/cases/${caseId}`, { status: 'open' });
    expect(reopened.body.data.case).toMatchObject({ status: 'open', resolvedAt: null });
    await send(owner, 'PATCH', `/cases/${caseId}`, { status: 'resolved' });
    const all = await deliveries();
    expect(all.map((d) => d.message_id)).toEqual([
      `msg_case.resolved_${caseId}_1`,
      `msg_case.resolved_${caseId}_2`,
    ]);
    expect(all[0]?.payload.data.caseId).toBe(caseId);
  });

  it('after the purge the reply is refused and the case says why', async () => {
    await purgeContactDetails(h.database.db, new Date(NOW.getTime() + 8 * DAY));
    const detail = (await get(manager, `/cases/${caseId}`)).body.data.case;
    expect(detail).toMatchObject({ canReply: false, replyRefusal: 'contactDeleted', replyTo: null });
    const before = smtp.received.length;
    const refused = await send(manager, 'POST', `/cases/${caseId}/reply`, { body: 'Hello again' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 10034, detail: { reason: 'contactDeleted' } });
    expect(smtp.received.length).toBe(before);
    // The reply sent before the purge stays on the case, as sent.
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'reply')).toHaveLength(1);
  });

  it.each([
    ['noConsent', { complaintContact: false, contact: { email: 'bob@example.com' } }],
    ['noContact', null],
    ['noEmail', { complaintContact: true, contact: { phone: '+44 7700 900123' } }],
  ] as const)('a guest who did not allow it: %s', async (reason, supplement) => {
    const db = h.database.db;
    const id = await complaint(db, 'Too loud', supplement);
    const opened = await openCase(db, { companyId: 1, branchId: 1, responseId: id, ruleId, at: NOW });
    expect((await get(owner, `/cases/${opened.caseId}`)).body.data.case).toMatchObject({
      canReply: false,
      replyRefusal: reason,
    });
    const refused = await send(owner, 'POST', `/cases/${opened.caseId}/reply`, { body: 'Hello' });
    expect(refused.body.error).toMatchObject({ code: 10034, detail: { reason } });
  });

  it('pages by cursor, oldest first, without repeats', async () => {
    const db = h.database.db;
    for (let n = 0; n < 55; n++) {
      const id = await complaint(db, `Page ${n}`, null);
      await openCase(db, {
        companyId: 1,
        branchId: 1,
        responseId: id,
        ruleId,
        at: new Date(NOW.getTime() - n * 1000),
      });
    }
    const first = (await get(owner, '/cases')).body.data;
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(owner, `/cases?cursor=${first.nextCursor}`)).body.data;
    const seen = [...first.items, ...second.items].map((i: { id: number }) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    const opened = [...first.items, ...second.items].map((i: { openedAt: string }) => i.openedAt);
    expect(opened).toEqual([...opened].sort());
    expect(second.nextCursor).toBeNull();
  });
});
