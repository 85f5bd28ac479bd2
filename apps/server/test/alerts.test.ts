import { ALERT_MAIL_ATTEMPTS } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/connection';
import { runAlertPass, sendDueAlertMails, wallClock } from '../src/services/alerts';
import { serverJobs } from '../src/services/jobs';
import { createSmtpMailer } from '../src/services/mail';
import { insertResponses } from '../src/services/responses/insert-responses';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, startHarness } from './harness';
import { addConsoleOperators } from './security/tenants';
import { addOtherCompany, create, createPayload, supplement } from './submit-fixtures';
import { CONSOLE, sessionHeaders } from './support/console';
import { testResponse } from './support/inbox';
import { roomyLimiter } from './support/limiters';
import { collectLog, type SmtpListener, startSmtpListener } from './support/mail';

/** A demo-bistro create that raises a complaint (question 101 is its triggerComplaint drill-down). */
const complaint = (text = 'The soup was cold and the waiter rude', over = {}) =>
  createPayload({
    questionMap: [101, 102],
    answers: {
      questions: [
        { id: 101, answer: { choices: [1] } },
        { id: 102, answer: { text } },
      ],
      indicators: [{ id: 1, score: 1 }],
      csatScore: null,
      npsScore: null,
    },
    urlParams: { branchId: '1' },
    ...over,
  });

/** Polls until `done` holds (the pass and the sender run after the answer, in the background). */
async function until(done: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

/** Nothing unseen and no mail pending: the background work after the last answer is over. */
const settled = (db: Db) => async () =>
  (await count(
    db,
    sql`select ((select count(*) from responses where not notified)
      + (select count(*) from response_supplements where not notified)
      + (select count(*) from alert_mails where state = 'pending'))::int as n`,
  )) === 0;

describe.each(databases())('the alert pass and its mails on $name', (target) => {
  let h: Harness;
  let smtp: SmtpListener;
  let ids: Awaited<ReturnType<typeof addConsoleOperators>>;
  let rules: Record<string, number>;
  let webhookId: number;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    // A clock that moves (from NOW): each supplement version is stored at a time of its own, as in life.
    const started = Date.now();
    h = await startHarness(target, {
      clock: { now: () => new Date(NOW.getTime() + (Date.now() - started)) },
      deps: () => ({
        mailer: createSmtpMailer({
          url: smtp.url,
          from: 'Venue Voice <alerts@venue-voice.test>',
          log: collectLog(),
        }),
      }),
    });
    const { db } = h.database;
    await addOtherCompany(db);
    ids = await addConsoleOperators(h.database);
    const owner = await sessionHeaders(db, ids.owner);
    const add = async (body: Record<string, unknown>, headers = owner) => {
      const r = await call(h.app, { method: 'POST', url: `${CONSOLE}/alert-rules`, headers, payload: body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.rule.id as number;
    };
    rules = {
      company: await add({
        name: 'Every complaint',
        kind: 'complaint',
        branchId: null,
        recipientIds: [ids.owner],
      }),
      soho: await add({
        name: 'Soho complaints',
        kind: 'complaint',
        branchId: 1,
        recipientIds: [ids.manager1, ids.viewer],
        opensCase: false,
      }),
      branch2: await add({
        name: 'Branch 2 complaints',
        kind: 'complaint',
        branchId: 2,
        recipientIds: [ids.manager2],
      }),
      words: await add({
        name: 'Hygiene',
        kind: 'words',
        branchId: 1,
        words: ['hair', 'dirty'],
        recipientIds: [ids.manager1],
      }),
      off: await add({
        name: 'Switched off',
        kind: 'complaint',
        branchId: null,
        recipientIds: [ids.owner],
        active: false,
      }),
    };
    // Another company's rule, straight into its table: its owner must never hear of company 1's guests.
    const [other] = await queryRows<{ id: number }>(
      db,
      sql`insert into alert_rules (company_id, name, kind, recipient_ids) values (2, 'Theirs', 'complaint',
        array[${ids.otherCompany}]::int[]) returning id`,
    );
    rules.other = other?.id ?? 0;
    const [hook] = await queryRows<{ id: number }>(
      db,
      sql`insert into webhooks (company_id, url, events, secret) values (1, 'http://127.0.0.1:9/in',
        array['response.created', 'response.supplemented', 'case.opened']::text[], 'whsec_test') returning id`,
    );
    webhookId = hook?.id ?? 0;
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  const mailsOf = (responseId: number) =>
    queryRows<{ rule_id: number; operator_id: number; state: string; attempts: number }>(
      h.database.db,
      sql`select rule_id, operator_id, state, attempts from alert_mails where response_id = ${responseId}
        order by rule_id, operator_id`,
    );

  it('a complaint mails each recipient of each matching rule once, opens one case and queues the events', async () => {
    const before = smtp.received.length;
    const r = await create(h.app, complaint());
    expect(r.status).toBe(200);
    const id = r.body.data.id as number;
    const [row] = await queryRows<{ branch_id: number }>(
      h.database.db,
      sql`select branch_id from responses where id = ${id}`,
    );
    expect(row?.branch_id).toBe(1);
    // Company-wide → the owner; Soho's → its manager and viewer. Not branch 2's, not the inactive, not company 2's.
    await until(() => smtp.received.length >= before + 3, 'three alert mails');
    await until(settled(h.database.db), 'the pass and the sender');
    const received = smtp.received.slice(before);
    expect(received.map((m) => m.to[0]).sort()).toEqual([
      'owner@demo.test',
      'soho@demo.test',
      'viewer@demo.test',
    ]);
    expect(smtp.received.length).toBe(before + 3);
    expect(await mailsOf(id)).toEqual(
      [
        { rule_id: rules.company, operator_id: ids.owner, state: 'sent', attempts: 1 },
        { rule_id: rules.soho, operator_id: ids.manager1, state: 'sent', attempts: 1 },
        { rule_id: rules.soho, operator_id: ids.viewer, state: 'sent', attempts: 1 },
      ].sort((a, b) => (a.rule_id ?? 0) - (b.rule_id ?? 0) || a.operator_id - b.operator_id),
    );
    const toOwner = received.find((m) => m.to[0] === 'owner@demo.test');
    const [kase] = await queryRows<{ id: number; rule_id: number }>(
      h.database.db,
      sql`select id, rule_id from cases where response_id = ${id}`,
    );
    expect(kase?.rule_id).toBe(rules.company);
    expect(toOwner?.subject).toBe('Alert: Every complaint at Demo Bistro Soho');
    for (const body of [toOwner?.text ?? '', toOwner?.html ?? '']) {
      expect(body).toContain('The soup was cold and the waiter rude');
      expect(body).toContain('2025-06-14 17:30');
      expect(body).toContain(`http://localhost/console/responses/${id}`);
      expect(body).toContain(`http://localhost/console/cases/${kase?.id}`);
    }
    // Soho's rule opens no case, but the response has one (the company rule's): its mail links it too.
    const toManager = received.find((m) => m.to[0] === 'soho@demo.test');
    expect(toManager?.text).toContain('Soho complaints');
    const events = await queryRows<{ message_id: string; event_type: string }>(
      h.database.db,
      sql`select message_id, event_type from webhook_deliveries where webhook_id = ${webhookId}
        and (message_id = ${`msg_response.created_${id}`} or message_id = ${`msg_case.opened_${kase?.id}`})
        order by event_type`,
    );
    expect(events.map((e) => e.event_type)).toEqual(['case.opened', 'response.created']);
  });

  it('a retried create and a supplement mail nobody again; the supplement is an event of its own', async () => {
    const payload = complaint('Hair in the salad');
    const first = await create(h.app, payload);
    const id = first.body.data.id as number;
    await until(settled(h.database.db), 'the first pass');
    const mails = smtp.received.length;
    const queued = await mailsOf(id);
    // Words rule too: "hair" in the comment.
    expect(queued.map((m) => m.rule_id)).toContain(rules.words);

    const again = await create(h.app, payload);
    expect(again.body.data.id).toBe(id);
    const credentials = { id, secret: first.body.data.secret as string };
    const added = await supplement(h.app, credentials, { permitted: true });
    expect(added.status).toBe(200);
    await until(settled(h.database.db), 'the pass after the supplement');
    // The pass run by hand as well: the unique key keeps every mail single.
    await runAlertPass(h.database.db, NOW);
    expect(smtp.received.length).toBe(mails);
    expect(await mailsOf(id)).toEqual(queued);
    const supplemented = await queryRows<{ message_id: string }>(
      h.database.db,
      sql`select message_id from webhook_deliveries where event_type = 'response.supplemented'
        and message_id like ${`msg_response.supplemented_${id}_marketing_%`}`,
    );
    expect(supplemented).toHaveLength(1);
    // A new version of the supplement (the upsert sets it unseen again) is a new event, still no mail.
    const changed = await supplement(h.app, credentials, { permitted: false });
    expect(changed.status).toBe(200);
    await until(settled(h.database.db), 'the pass after the second supplement');
    expect(smtp.received.length).toBe(mails);
    const versions = await count(
      h.database.db,
      sql`select count(*)::int as n from webhook_deliveries where event_type = 'response.supplemented'
        and message_id like ${`msg_response.supplemented_${id}_marketing_%`}`,
    );
    expect(versions).toBe(2);
  });

  it("a tablet's late upload alerts with its visit time, and says when it arrived", async () => {
    const device = await insertDevice(h.database, { branchId: 1 });
    const before = smtp.received.length;
    const payload = complaint('Waited an hour', {
      visitDatetime: '2025-06-13 20:15:00',
      surveyStart: '2025-06-13 21:00:00',
      surveyCompleted: '2025-06-13 21:05:00',
    });
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit/batch',
      headers: device,
      payload: { items: [{ type: 'create', templateId: 1, payload }] },
    });
    expect(r.body.data.results[0].status).toBe(200);
    await until(() => smtp.received.length >= before + 3, 'the upload’s alert mails');
    const mail = smtp.received.slice(before).find((m) => m.to[0] === 'owner@demo.test');
    expect(mail?.text).toContain('Visit (venue time): 2025-06-13 20:15');
    // When the tablet's queue arrived (the row's time), on the branch's clock (London).
    const [row] = await queryRows<{ created_at: Date | string }>(
      h.database.db,
      sql`select created_at from responses where id = ${r.body.data.results[0].data.id}`,
    );
    const arrived = wallClock(new Date(row?.created_at ?? 0), 'Europe/London').slice(0, 16);
    expect(mail?.text).toContain(`Uploaded late from a tablet at (venue time): ${arrived}`);
    expect(mail?.html).toContain('2025-06-13 20:15');
  });

  it('a response of branch 2 or of another company fires only its own rules', async () => {
    const { db } = h.database;
    const before = smtp.received.length;
    const stored = await insertResponses(
      db,
      [
        testResponse({ branchId: 2, visit: '2025-06-14 12:00:00', complaint: true }),
        testResponse({
          companyId: 2,
          branchId: 20,
          surveyId: 20,
          visit: '2025-06-14 12:00:00',
          complaint: true,
        }),
      ],
      NOW,
    );
    const [b2, other] = [...stored.values()].map((s) => s?.id ?? 0).sort((a, b) => a - b);
    await runAlertPass(db, NOW);
    await sendDueAlertMails({
      db,
      mailer: createSmtpMailer({ url: smtp.url, from: 'a@b.test', log: collectLog() }),
      origin: 'https://feedback.example.com',
      now: () => NOW,
    });
    expect((await mailsOf(b2 ?? 0)).map((m) => [m.rule_id, m.operator_id])).toEqual([
      [rules.company, ids.owner],
      [rules.branch2, ids.manager2],
    ]);
    expect((await mailsOf(other ?? 0)).map((m) => [m.rule_id, m.operator_id])).toEqual([
      [rules.other, ids.otherCompany],
    ]);
    const got = smtp.received.slice(before);
    expect(got.map((m) => m.to[0]).sort()).toEqual([
      'manager2@demo.test',
      'owner@demo.test',
      'owner@other.test',
    ]);
    expect(got.find((m) => m.to[0] === 'owner@other.test')?.text).toContain(
      'https://feedback.example.com/console/responses/',
    );
  });

  it('mails in the recipient’s language', async () => {
    const { db } = h.database;
    await db.execute(sql`update operators set language = 'de' where id = ${ids.manager2}`);
    const before = smtp.received.length;
    await insertResponses(
      db,
      [testResponse({ branchId: 2, visit: '2025-06-14 12:00:00', complaint: true })],
      NOW,
    );
    await runAlertPass(db, NOW);
    await sendDueAlertMails({
      db,
      mailer: createSmtpMailer({ url: smtp.url, from: 'a@b.test', log: collectLog() }),
      origin: 'http://localhost',
      now: () => NOW,
    });
    const german = smtp.received.slice(before).find((m) => m.to[0] === 'manager2@demo.test');
    expect(german?.subject).toMatch(/^Hinweis: Branch 2 complaints – /);
    expect(german?.text).toContain('Besuch (Ortszeit): 2025-06-14 12:00');
    expect(german?.text).toContain('Der Gast hat sich beschwert.');
  });
});

describe.each(databases())('alert pass failures on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    await h.database.db.execute(
      sql`insert into alert_rules (company_id, name, kind, recipient_ids) values (1, 'All', 'complaint', array[1]::int[])`,
    );
  });
  afterAll(async () => h?.close());

  it('a pass that fails midway leaves its rows unseen, with nothing queued; the next pass takes them', async () => {
    const { db } = h.database;
    const stored = await insertResponses(
      db,
      [testResponse({ branchId: 1, visit: '2025-06-14 12:00:00', complaint: true })],
      NOW,
    );
    const id = [...stored.values()][0]?.id ?? 0;
    await expect(
      runAlertPass(db, NOW, {
        beforeCommit: async () => {
          throw new Error('the server died');
        },
      }),
    ).rejects.toThrow('the server died');
    const seen = async () =>
      (await queryRows<{ notified: boolean }>(db, sql`select notified from responses where id = ${id}`))[0]
        ?.notified;
    expect(await seen()).toBe(false);
    expect(await count(db, sql`select count(*)::int as n from alert_mails where response_id = ${id}`)).toBe(
      0,
    );
    expect(await count(db, sql`select count(*)::int as n from cases where response_id = ${id}`)).toBe(0);

    const result = await runAlertPass(db, NOW);
    expect(result).toMatchObject({ responses: 1, mails: 1, cases: 1 });
    expect(await seen()).toBe(true);
  });

  it('the minute job passes what no answer kicked (a restart, another replica) and sends its mails', async () => {
    const { db } = h.database;
    await db.execute(sql`update alert_mails set state = 'sent'`);
    const stored = await insertResponses(
      db,
      [testResponse({ branchId: 1, visit: '2025-06-14 12:00:00', complaint: true })],
      NOW,
    );
    const id = [...stored.values()][0]?.id ?? 0;
    const job = serverJobs({
      db,
      rateLimiter: roomyLimiter(),
      storage: h.storage,
      alerts: { mailer: h.outbox.mailer, linkOrigin: 'https://feedback.example.com' },
    }).find((j) => j.name === 'alerts');
    expect(job?.everyMinutes).toBe(1);
    expect(await job?.run(NOW)).toMatchObject({ responses: 1, queued: 1, sent: 1 });
    const mails = await h.outbox.mails();
    expect(mails.at(-1)?.text).toContain(`https://feedback.example.com/console/responses/${id}`);
    expect(await job?.run(NOW)).toMatchObject({ responses: 0, queued: 0, sent: 0 });
  });

  it('a mail the SMTP server refuses is tried again with backoff, then given up with the error', async () => {
    const { db } = h.database;
    const refusing = await startSmtpListener({ refuse: { code: 550, message: 'Mailbox unavailable' } });
    try {
      // Only this test's mail is pending: the one before left its mail unsent (no sender ran).
      await db.execute(sql`update alert_mails set state = 'sent'`);
      await insertResponses(
        db,
        [testResponse({ branchId: 1, visit: '2025-06-14 12:00:00', complaint: true })],
        NOW,
      );
      await runAlertPass(db, NOW);
      const mailer = createSmtpMailer({ url: refusing.url, from: 'a@b.test', log: collectLog() });
      let at = NOW.getTime();
      const state = () =>
        queryRows<{ state: string; attempts: number; error: string | null; next: Date | string }>(
          db,
          sql`select state, attempts, error, next_attempt_at as next from alert_mails order by id desc limit 1`,
        );
      const first = await sendDueAlertMails({
        db,
        mailer,
        origin: 'http://localhost',
        now: () => new Date(at),
      });
      expect(first).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [after] = await state();
      expect(after).toMatchObject({ state: 'pending', attempts: 1 });
      expect(after?.error).toContain('Mailbox unavailable');
      expect(new Date(after?.next ?? 0).getTime()).toBe(at + 30_000);
      // Not due again before its time.
      expect(
        await sendDueAlertMails({ db, mailer, origin: 'http://localhost', now: () => new Date(at + 29_000) }),
      ).toEqual({
        sent: 0,
        retrying: 0,
        failed: 0,
      });
      for (let n = 2; n <= ALERT_MAIL_ATTEMPTS; n++) {
        at += 3_600_000;
        await sendDueAlertMails({ db, mailer, origin: 'http://localhost', now: () => new Date(at) });
      }
      const [last] = await state();
      expect(last).toMatchObject({ state: 'failed', attempts: ALERT_MAIL_ATTEMPTS });
      expect(last?.error).toContain('550');
    } finally {
      await refusing.close();
    }
  });
});
