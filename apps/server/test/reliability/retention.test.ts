/**
 * Issue 9 retention, server side, end to end: contact details given through survey.submit (supplement)
 * on the app's clock, then the real scheduler (serverJobs on the in-process scheduler main.ts uses on
 * PGlite) polled as its timer does while the clock moves on, minute by minute around the deadline.
 * Contact details given at T are present at T + 7 days − 1 minute and absent at T + 7 days + one job
 * interval, wherever T falls inside the job's hour. pg-boss (PostgreSQL's runner) is covered by
 * test/jobs-pg-boss.test.ts; here both databases run the in-process scheduler.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetails, responses } from '../../src/db/schema';
import { PURGE_EVERY_MINUTES, serverJobs } from '../../src/services/jobs';
import { databaseScheduler } from '../../src/services/jobs/database-scheduler';
import { databases } from '../databases';
import { type Harness, NOW, startHarness } from '../harness';
import { DAY, MINUTE, movableClock } from '../retention-fixtures';
import { create, createPayload, supplement } from '../submit-fixtures';
import { roomyLimiter } from '../support/limiters';

const INTERVAL = PURGE_EVERY_MINUTES * MINUTE;
// The scheduler's timer polls every minute; every 30 minutes (plus each checked instant) keeps the run
// short and still polls twice inside each job interval.
const POLL = 30 * MINUTE;

describe.each(databases())(
  'contact details retention through the API and the scheduler on $name',
  (target) => {
    const clock = movableClock(NOW);
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(target, { clock });
    });
    afterAll(async () => {
      await h?.close();
    });

    const at = (ms: number) => new Date(NOW.getTime() + ms);
    const contactOf = async (id: number) =>
      (await h.database.db.select().from(contactDetails).where(eq(contactDetails.responseId, id)))[0];

    it('present at 7 days − 1 minute, absent after 7 days + one job interval; the answers stay', async () => {
      const scheduler = databaseScheduler({
        db: h.database.db,
        clock,
        jobs: serverJobs({ db: h.database.db, rateLimiter: roomyLimiter(), storage: h.storage }),
      });
      // The server starts at NOW: the purge is planned (first run at once), then hourly.
      await scheduler.runDue(clock.now());

      // Guests give contact details at minutes 1, 30 and 59 of the job's hour, through the real route.
      const given: { id: number; givenAt: Date }[] = [];
      for (const offset of [1, 30, 59]) {
        clock.set(at(offset * MINUTE));
        const r = await create(h.app, createPayload());
        expect(r.status).toBe(200);
        const s = await supplement(h.app, r.body.data, {
          contact: { name: 'Ada Lovelace', email: `ada${offset}@example.com`, phone: '07700900123' },
        });
        expect(s.status).toBe(200);
        given.push({ id: r.body.data.id, givenAt: clock.now() });
      }
      for (const g of given) expect((await contactOf(g.id))?.givenAt).toEqual(g.givenAt);

      // Move time as the server's timer does, checking each guest at its two instants on the way.
      const checks = given.flatMap((g) => [
        { at: g.givenAt.getTime() + 7 * DAY - MINUTE, id: g.id, present: true },
        { at: g.givenAt.getTime() + 7 * DAY + INTERVAL, id: g.id, present: false },
      ]);
      const end = Math.max(...checks.map((c) => c.at));
      let now = NOW.getTime();
      const seen: { id: number; present: boolean; expected: boolean }[] = [];
      while (now <= end) {
        const next = Math.min(now + POLL, ...checks.filter((c) => c.at > now).map((c) => c.at));
        now = next;
        clock.set(new Date(now));
        await scheduler.runDue(clock.now());
        for (const c of checks.filter((c) => c.at === now)) {
          seen.push({ id: c.id, present: (await contactOf(c.id)) !== undefined, expected: c.present });
        }
      }
      expect(seen).toHaveLength(checks.length);
      expect(seen.filter((s) => s.present !== s.expected)).toEqual([]);
      // Nothing of theirs remains anywhere but the anonymous answers.
      for (const g of given) {
        const [row] = await h.database.db.select().from(responses).where(eq(responses.id, g.id));
        expect(row).toBeDefined();
        expect(JSON.stringify(row)).not.toMatch(/Ada|ada\d+@example|07700900123/);
      }
    }, 120_000);
  },
);
