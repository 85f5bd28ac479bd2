/**
 * Issue 9: a tablet offline for 14 days (moved clock) with 2,000 responses and page reloads → 2,000
 * uploaded, 0 expired or lost.
 *
 * The built app runs in Chromium against the real server (main.ts, its own PGlite DATA_DIR). The tablet
 * registers through the UI, then the connection goes and Playwright's context clock moves 14 days, one
 * day at a time (every timer due in a day fires: the hourly contact-details purge, the sync poll). Each
 * day's responses go into the queue through the app's own queue module in the page: the chunk the app
 * itself imports (`assets/device-queue-*.js`), whose `queueRequest` the checkout calls; answering 2,000
 * surveys through the screens would take hours. Every second day the page is reloaded. Back online, the
 * app sends the queue by itself (the online event); then the database is read directly.
 * WEB_DIST names the build to serve (default apps/web/dist).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/db/connection';
import { demoHistoryGuids } from '../apps/server/src/db/seed-responses';
import { uuidArray } from '../apps/server/src/db/sql-arrays';
import { tabletCreatePayload } from '../bench/lib/demo-create';
import { launchBrowser } from '../e2e/browser';
import { registerTablet, staffHome, storedQueue } from '../e2e/device';
import { apiProcess, freePort } from './lib/api-process';

const RESPONSES = 2000;
const DAYS = 14;
const CONTACT_EVERY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');

/** Runs in the page: the app's own queue module (the same module instance the app imported). */
const IN_PAGE = `async ([url, list]) => {
  const queue = Object.values(await import(url)).find((value) => typeof value?.queueRequest === 'function');
  if (!queue) throw new Error(url + ' exports no queueRequest');
  const outcomes = [];
  for (const { create, supplement } of list) {
    outcomes.push((await queue.queueRequest(create)).status);
    if (supplement) outcomes.push((await queue.queueRequest(supplement)).status);
  }
  return outcomes;
}`;

type Queued = { guid: string; n: number; createdAt: number; contactAt: number | null };

/** Queues responses through the app's own queue module (the chunk the app imported), in the page. */
async function queueInPage(page: Page, chunk: string, batch: Queued[]) {
  const requests = batch.map(({ guid, n, createdAt, contactAt }) => ({
    create: {
      kind: 'create',
      payload: tabletCreatePayload({
        guid,
        comment: `Guest ${n}: offline evening.`,
        userAgent: 'venue-voice soak tablet',
        completed: createdAt,
      }),
      headers: { 'X-Template-Id': '1' },
    },
    supplement:
      contactAt === null
        ? null
        : {
            kind: 'supplement',
            response: guid,
            payload: { permitted: true, contact: { email: `g${n}@soak.test` } },
          },
  }));
  // A string, not a function: Vitest would rewrite a function's import() for Node before it reaches the page.
  const outcomes = await page.evaluate(`(${IN_PAGE})(${JSON.stringify([chunk, requests])})`);
  return outcomes as string[];
}

describe('a tablet offline for 14 days', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(`${RESPONSES} responses queued over ${DAYS} days with reloads: all uploaded once, none expired; details older than 7 days purged`, async () => {
    const chunkFile = (await readdir(join(WEB_DIST, 'assets'))).find((file) =>
      /^device-queue-.*\.js$/.test(file),
    );
    expect(chunkFile, `no device-queue chunk in ${WEB_DIST}`).toBeDefined();
    const chunk = `/assets/${chunkFile}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'vv-soak-offline-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const api = apiProcess({ port: await freePort(), dataDir, webDist: WEB_DIST });
    await api.start();
    cleanups.push(() => api.stop());
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
    // The page's clock ends the 14 days at the server's real now: the server dates a tablet's contact
    // details by the create's surveyCompleted (decision 0144), so the days must be real ones.
    const start = Date.now() - DAYS * DAY_MS;
    await context.clock.install({ time: start });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await registerTablet(page, api.baseUrl, `soak-offline-${Date.now()}`, { installModal: false });

    // The service worker serves the app offline once it controls the page and has precached it.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      polling: 200,
    });
    await context.setOffline(true);
    const queued: Queued[] = [];
    const outcomes: string[] = [];
    const started = performance.now();
    let reloads = 0;
    for (let day = 0; day < DAYS; day++) {
      const count = Math.round(((day + 1) * RESPONSES) / DAYS) - queued.length;
      const now = await page.evaluate(() => Date.now());
      const batch = Array.from({ length: count }, (_, i) => {
        const n = queued.length + i + 1;
        return { guid: randomUUID(), n, createdAt: now, contactAt: n % CONTACT_EVERY === 0 ? now : null };
      });
      outcomes.push(...(await queueInPage(page, chunk, batch)));
      queued.push(...batch);
      if (day % 2 === 1) {
        await page.reload();
        await staffHome(page);
        reloads++;
      }
      await context.clock.fastForward(DAY_MS);
    }
    const queuedSeconds = (performance.now() - started) / 1000;
    const uploadAt = await page.evaluate(() => Date.now());
    const kept = await storedQueue(page);
    expect(kept.items.filter((item) => item.type === 'submit').length).toBe(
      RESPONSES + RESPONSES / CONTACT_EVERY,
    );

    // Back online: the app sends what waited by itself.
    const uploadStarted = performance.now();
    await context.setOffline(false);
    await expect
      .poll(async () => (await storedQueue(page)).items.length, { timeout: 600_000, interval: 2_000 })
      .toBe(0);
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const after = await storedQueue(page);
    await context.close();
    await api.stop();

    const database = await createDatabase({ dataDir });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    try {
      // The tablet's responses: the demo's own history (decision 0237) left out.
      const stored = await rows<{ guid: string }>(
        sql`select guid::text as guid from responses where not (guid = any(${uuidArray(demoHistoryGuids())}))`,
      );
      const contacts = await rows<{ email: string; given: number }>(
        sql`select email, (extract(epoch from given_at) * 1000)::float8 as given from contact_details`,
      );
      const supplements = await rows<{ n: number }>(sql`select count(*)::int as n from response_supplements`);
      // Details given 7 days or more before the upload left the tablet unsent (decision 0142).
      const fresh = queued.filter((q) => q.contactAt !== null && uploadAt - q.contactAt < 7 * DAY_MS);
      const figures = {
        responses: RESPONSES,
        days: DAYS,
        reloads,
        queuedSeconds: Math.round(queuedSeconds),
        uploadSeconds: Math.round(uploadSeconds),
        stored: stored.length,
        distinct: new Set(stored.map((r) => r.guid)).size,
        supplements: supplements[0]?.n,
        contactsStored: contacts.length,
        contactsExpected: fresh.length,
        queueItems: after.items.length,
        attention: after.attention.length,
        pageErrors: errors.length,
      };
      console.info(`[soak] tablet-offline ${JSON.stringify(figures)}`);
      expect(outcomes.filter((o) => o !== 'queued')).toEqual([]);
      expect(after.attention).toEqual([]);
      expect(new Set(stored.map((r) => r.guid))).toEqual(new Set(queued.map((q) => q.guid)));
      expect(stored).toHaveLength(RESPONSES);
      expect(supplements[0]?.n).toBe(RESPONSES / CONTACT_EVERY);
      expect(contacts.map((c) => c.email).sort()).toEqual(fresh.map((q) => `g${q.n}@soak.test`).sort());
      // Dated by when the guest finished, read at its latest instant (UTC + 12 h), not by the upload.
      const contactAt = new Map(queued.map((q) => [`g${q.n}@soak.test`, q.contactAt ?? Number.NaN]));
      const late = contacts.filter((c) => {
        const lag = Number(c.given) - (contactAt.get(c.email) ?? Number.NaN);
        return !(lag >= -1_000 && lag <= 12 * 3_600_000 + 1_000);
      });
      expect(late).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
