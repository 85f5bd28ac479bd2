import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { cases, digestSends } from '../src/db/schema';
import { DIGESTS_EVERY_MINUTES, serverJobs } from '../src/services/jobs';
import { cronFor } from '../src/services/jobs/scheduler';
import { createSmtpMailer } from '../src/services/mail';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';
import { roomyLimiter } from './support/limiters';
import { collectLog, type ReceivedMail, type SmtpListener, startSmtpListener } from './support/mail';
import { dish, insertRated, type RatedResponse } from './support/rated-responses';

// Week 48 of 2026 is Monday 23 to Sunday 29 November; its digest is due Monday 30 November 06:00 in
// London (GMT, so 06:00 UTC). Week 47 (16–22 November) is the week before. The demo's own history is
// dated before the harness's NOW (June 2025), so these weeks hold only what is stored here.
const MONDAY_0600 = new Date('2026-11-30T06:00:00Z');
const at = (iso: string) => new Date(iso);
const ORIGIN = 'https://feedback.example.test';

// Branch 1 (Soho), week 48: NPS 10,10,9,8,3,10 → 4 promoters, 1 passive, 1 detractor: NPS 50; CSAT
// 460 / 6 = 76.7. Beef burger (1013) rated good 5 times, Tomato soup (1001) bad 4 times and good once,
// French onion soup (1002) good twice (too few to list). Sam Patel (2) named 3 times, Priya Shah (4) once.
const SOHO_W48: RatedResponse[] = [
  { nps: 10, csat: 100, dishes: [dish('1013', 3), dish('1001', 1)], staffId: 2 },
  { nps: 10, csat: 100, dishes: [dish('1013', 3), dish('1001', 1)], staffId: 2 },
  { nps: 9, csat: 80, dishes: [dish('1013', 3), dish('1001', 1), dish('1002', 3)], staffId: 2 },
  { nps: 8, csat: 60, dishes: [dish('1013', 3), dish('1001', 1), dish('1002', 3)], staffId: 4 },
  { nps: 3, csat: 20, dishes: [dish('1013', 3), dish('1001', 3)] },
  { nps: 10, csat: 100 },
].map((r, i) => ({ ...r, branchId: 1, visit: `2026-11-${23 + i} 19:30:00` }));
// Branch 1, week 47: NPS 10,9,7,2,1 → 2 − 2 of 5: NPS 0; CSAT 280 / 5 = 56.0.
const SOHO_W47: RatedResponse[] = [
  [10, 80],
  [9, 80],
  [7, 60],
  [2, 40],
  [1, 20],
].map(([nps, csat], i) => ({ branchId: 1, nps, csat, visit: `2026-11-${16 + i} 12:00:00` }));
// Branch 2 (Manchester), week 48 only: NPS 0,0,10,5 → 1 − 3 of 4; CSAT 160 / 4 = 40. Dana (8) twice.
const MCR_W48: RatedResponse[] = [
  { nps: 0, csat: 0, staffId: 8 },
  { nps: 0, csat: 20, staffId: 8 },
  { nps: 10, csat: 100 },
  { nps: 5, csat: 40 },
].map((r, i) => ({ ...r, branchId: 2, visit: `2026-11-${24 + i} 20:00:00` }));

describe.each(databases())('digests on $name', (target) => {
  let h: Harness;
  let smtp: SmtpListener;
  let manager: Record<string, string>;
  let owner: Record<string, string>;

  /** The digest job as serve.ts registers it, sending through the SMTP listener given. */
  const digestJob = (listener: SmtpListener) => {
    const errors: object[] = [];
    const job = serverJobs({
      db: h.database.db,
      rateLimiter: roomyLimiter(),
      storage: h.storage,
      digests: {
        mailer: createSmtpMailer({
          url: listener.url,
          from: 'Venue Voice <digest@venue-voice.test>',
          log: collectLog(),
        }),
        origin: ORIGIN,
        log: { error: (object) => errors.push(object) },
      },
    }).find((j) => j.name === 'digests');
    if (!job) throw new Error('no digests job');
    return { run: (now: Date) => job.run(now), errors };
  };
  const sends = () =>
    queryRows<{ operator_id: number; period: string }>(
      h.database.db,
      sql`select operator_id, period from digest_sends order by operator_id, period`,
    );
  const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    h = await startHarness(target);
    smtp = await startSmtpListener();
    const [soho47, soho48, mcr48] = [
      await insertRated(h.database.db, SOHO_W47),
      await insertRated(h.database.db, SOHO_W48),
      await insertRated(h.database.db, MCR_W48),
    ];
    // Open cases: two at Soho (one 3 days old, one 1 day), one resolved there, one at Manchester (10 days).
    await h.database.db.insert(cases).values([
      {
        companyId: 1,
        branchId: 1,
        responseId: soho48[4] as number,
        status: 'open',
        openedAt: at('2026-11-27T05:00:00Z'),
      },
      {
        companyId: 1,
        branchId: 1,
        responseId: soho48[3] as number,
        status: 'in_progress',
        openedAt: at('2026-11-29T05:00:00Z'),
      },
      {
        companyId: 1,
        branchId: 1,
        responseId: soho47[4] as number,
        status: 'resolved',
        openedAt: at('2026-11-01T05:00:00Z'),
      },
      {
        companyId: 1,
        branchId: 2,
        responseId: mcr48[0] as number,
        status: 'open',
        openedAt: at('2026-11-20T06:00:00Z'),
      },
    ]);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
  });
  afterAll(async () => {
    await smtp?.close();
    await h?.close();
  });

  it('is an hourly job', () => {
    expect(DIGESTS_EVERY_MINUTES).toBe(60);
    expect(cronFor(DIGESTS_EVERY_MINUTES)).toBe('0 * * * *');
  });

  it('answers the default setting: weekly, Monday 06:00, in the first branch’s zone', async () => {
    const answer = await call(h.app, { method: 'GET', url: `${CONSOLE}/me/digest`, headers: manager });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ frequency: 'weekly', weekday: 1, hour: 6, timeZone: 'Europe/London' });
  });

  it('sends nothing before 06:00 on Monday', async () => {
    const job = digestJob(smtp);
    expect(await job.run(at('2026-11-30T05:00:00Z'))).toEqual({ due: 0, sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  let managerMail: ReceivedMail;
  let ownerMail: ReceivedMail;
  it('sends each operator one digest at 06:00 on Monday, recorded as week 48', async () => {
    const job = digestJob(smtp);
    expect(await job.run(MONDAY_0600)).toEqual({ due: 2, sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    [managerMail] = mailTo(DEMO_SIGN_INS.manager.email) as [ReceivedMail];
    [ownerMail] = mailTo(DEMO_SIGN_INS.owner.email) as [ReceivedMail];
    expect(await sends()).toEqual([
      { operator_id: 1, period: '2026-W48' },
      { operator_id: 2, period: '2026-W48' },
    ]);
  });

  it('gives the manager their branch’s figures against the week before', () => {
    expect(managerMail.subject).toBe('Venue Voice — week 48: 6 responses, NPS 50 (+50)');
    const text = managerMail.text;
    expect(text).toContain('Your week at Demo Hospitality Group');
    expect(text).toMatch(/23\s?–\s?29 November 2026, against 16\s?–\s?22 November 2026/);
    expect(text).toMatch(/Responses\s+6\s+5\s+\+1/);
    expect(text).toMatch(/NPS\s+50\s+0\s+\+50/);
    expect(text).toMatch(/CSAT\s+76\.7\s+56\.0\s+\+20\.7/);
    // Best and worst dishes (5 ratings or more), the staff most thanked, the open cases.
    expect(text).toMatch(/Best dishes\n-+\nDish\s+Ratings\s+Good\s+Bad\nBeef burger\s+5\s+100%\s+0%/);
    expect(text).toMatch(/Dishes to look at\n-+\nDish\s+Ratings\s+Good\s+Bad\nTomato soup\s+5\s+20%\s+80%/);
    expect(text).not.toContain('French onion soup');
    expect(text).toMatch(
      /Staff most thanked\n-+\nTeam member\s+Named by guests\nSam Patel\s+3\nPriya Shah\s+1\n/,
    );
    expect(text).toMatch(/Open cases\n-+\nBranch\s+Open\s+Oldest\nDemo Bistro Soho\s+2\s+3 days\n/);
    expect(text).toContain(`${ORIGIN}/console/dashboard?period=custom&from=2026-11-23&to=2026-11-29`);
  });

  it('holds only the manager’s branches', () => {
    for (const part of [managerMail.text, managerMail.html]) {
      expect(part).not.toContain('Manchester');
      expect(part).not.toContain('Dana');
    }
  });

  it('gives the owner every branch, ranked, and each branch’s open cases', () => {
    expect(ownerMail.subject).toBe('Venue Voice — week 48: 10 responses, NPS 10 (+10)');
    const text = ownerMail.text;
    expect(text).toMatch(/Responses\s+10\s+5\s+\+5/);
    expect(text).toMatch(/CSAT\s+62\.0\s+56\.0\s+\+6/);
    expect(text).toMatch(/Demo Bistro Soho\s+6 \(\+1\)\s+50 \(\+50\)\s+76\.7 \(\+20\.7\)/);
    // Four answers: the figure is said with its count (O5.5), and nothing to compare with.
    expect(text).toMatch(
      /Demo Bistro Manchester\s+4 \(\+4\)\s+-50 \(only 4 answers: too few to rely on\) \(—\)/,
    );
    // Ranked (O5.11): enough responses, then fewer, then none.
    expect(text.indexOf('Demo Bistro Soho  ')).toBeLessThan(text.indexOf('Demo Bistro Manchester  '));
    expect(text.indexOf('Demo Bistro Manchester  ')).toBeLessThan(text.indexOf('Demo Pop-up Shoreditch'));
    expect(text).toMatch(/Sam Patel\s+3\nDana Kowalski\s+2\nPriya Shah\s+1/);
    expect(text).toMatch(/Demo Bistro Manchester\s+1\s+10 days/);
  });

  it('has a plain-text part and an HTML part of tables, with no images', () => {
    for (const mail of [managerMail, ownerMail]) {
      expect(mail.text.length).toBeGreaterThan(200);
      expect(mail.html).toContain('<table');
      expect(mail.html).toMatch(/<th scope="row"[^>]*>Beef burger<\/th>/);
      expect(mail.html).not.toMatch(/<img|background-image|url\(/i);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail.raw).not.toMatch(/Content-Type: image\//i);
    }
  });

  it('sends nothing again: a rerun of the hour, later that day, the next day', async () => {
    const job = digestJob(smtp);
    expect(await job.run(MONDAY_0600)).toEqual({ due: 2, sent: 0, failed: 0 });
    expect((await job.run(at('2026-11-30T07:00:00Z'))).sent).toBe(0);
    expect((await job.run(at('2026-12-01T06:00:00Z'))).due).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  it('sets the manager’s own digest to daily at 07:00 (400 for a bad one), leaving the owner’s', async () => {
    const bad = await call(h.app, {
      method: 'PUT',
      url: `${CONSOLE}/me/digest`,
      headers: manager,
      payload: { frequency: 'monthly', weekday: 1, hour: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(10009);
    const missing = await call(h.app, {
      method: 'PUT',
      url: `${CONSOLE}/me/digest`,
      headers: manager,
      payload: { frequency: 'daily', weekday: 1 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(10008);
    const saved = await call(h.app, {
      method: 'PUT',
      url: `${CONSOLE}/me/digest`,
      headers: manager,
      payload: { frequency: 'daily', weekday: 1, hour: 7 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ frequency: 'daily', weekday: 1, hour: 7, timeZone: 'Europe/London' });
    const ownerSetting = await call(h.app, { method: 'GET', url: `${CONSOLE}/me/digest`, headers: owner });
    expect(ownerSetting.body.data.frequency).toBe('weekly');
    const [audit] = await queryRows<{ action: string; detail: unknown }>(
      h.database.db,
      sql`select action, detail from audit_log where action = 'operator.digest' and actor_operator_id = 2`,
    );
    expect(audit?.detail).toEqual({ frequency: 'daily', weekday: 1, hour: 7 });
  });

  it('sends the daily digest of the day before, saying in words that it rests on few responses', async () => {
    const job = digestJob(smtp);
    expect((await job.run(at('2026-12-01T06:00:00Z'))).sent).toBe(0);
    // Two replicas at once (as if the scheduler ran twice): one claims the day, the other sends nothing.
    const both = await Promise.all([
      job.run(at('2026-12-01T07:00:00Z')),
      digestJob(smtp).run(at('2026-12-01T07:00:00Z')),
    ]);
    expect(both.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(smtp.received).toHaveLength(3);
    const mail = await smtp.message(2);
    expect(mail.to).toEqual([DEMO_SIGN_INS.manager.email]);
    expect(mail.subject).toBe('Venue Voice — 30 November: 0 responses');
    expect(mail.text).toContain('Your day at Demo Hospitality Group');
    expect(mail.text).toContain('Monday, 30 November 2026, against Sunday, 29 November 2026');
    expect(mail.text).toContain('Fewer than 5 responses: read with care.');
    expect(mail.text).toMatch(/NPS\s+no answers\s+no answers\s+—/);
    expect(mail.text).toContain('No dish was rated 5 times or more.');
    expect((await sends()).filter((s) => s.operator_id === 2).map((s) => s.period)).toEqual([
      '2026-11-30',
      '2026-W48',
    ]);
  });

  it('sends no digest to an operator who turned it off', async () => {
    const off = await call(h.app, {
      method: 'PUT',
      url: `${CONSOLE}/me/digest`,
      headers: owner,
      payload: { frequency: 'off', weekday: 1, hour: 6 },
    });
    expect(off.status).toBe(200);
    const before = smtp.received.length;
    expect(await digestJob(smtp).run(at('2026-12-07T06:00:00Z'))).toEqual({ due: 0, sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(before);
    expect((await sends()).some((s) => s.operator_id === 1 && s.period === '2026-W49')).toBe(false);
  });

  it('gives the claim back when the mail server refuses, and the next hour sends it', async () => {
    const refusing = await startSmtpListener({ refuse: { code: 550, message: 'No thanks' } });
    try {
      const failing = digestJob(refusing);
      expect(await failing.run(at('2026-12-07T07:00:00Z'))).toEqual({ due: 1, sent: 0, failed: 1 });
      expect(failing.errors).toHaveLength(1);
      expect((await sends()).some((s) => s.period === '2026-12-06')).toBe(false);
    } finally {
      await refusing.close();
    }
    const before = smtp.received.length;
    expect(await digestJob(smtp).run(at('2026-12-07T08:00:00Z'))).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)?.subject).toBe('Venue Voice — 6 December: 0 responses');
    const [row] = await h.database.db
      .select({ period: digestSends.period })
      .from(digestSends)
      .where(eq(digestSends.period, '2026-12-06'));
    expect(row?.period).toBe('2026-12-06');
  });

  it('times a digest in the zone of the first branch the operator sees', async () => {
    await h.database.db.execute(sql`update branches set time_zone = 'America/New_York' where id = 1`);
    const setting = await call(h.app, { method: 'GET', url: `${CONSOLE}/me/digest`, headers: manager });
    expect(setting.body.data.timeZone).toBe('America/New_York');
    const job = digestJob(smtp);
    // 07:00 in London is 02:00 in New York: not yet; 07:00 EST is 12:00 UTC.
    expect((await job.run(at('2026-12-08T07:00:00Z'))).due).toBe(0);
    expect(await job.run(at('2026-12-08T12:00:00Z'))).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(smtp.received.at(-1)?.subject).toBe('Venue Voice — 7 December: 0 responses');
  });
});
