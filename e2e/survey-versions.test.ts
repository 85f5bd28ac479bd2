import { DRAFT_REVISION_HEADER, type SurveyDocument } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows } from '../apps/server/src/db/connection';
import { launchBrowser } from './browser';
import { DEMO_SIGN_INS } from './console';
import { answerAfterDishes, group, heading, rateAndRecommend, storedAnswer, submitted } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

// Issue 31 (decisions 0254, 0256): "change a question while a guest is halfway and check that guest
// finishes on the old version". A guest at demo-bistro rates and recommends; the owner publishes a
// version without "Was this your first visit?" through the console API (operator-side.md: PUT
// …/draft, POST …/publish); the guest reloads, finishes on version 1, answering the question version 2
// no longer has, and the response is stored with survey_version 1; a new guest gets version 2.
let server: OwnServer;
let browser: Browser;

const BISTRO = 1;
const FIRST_VISIT = 120;

async function phone(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** The console's calls as the owner: signed in once, with the site's Origin (console-contract.md). */
async function ownerConsole(baseUrl: string) {
  const base = { 'content-type': 'application/json', origin: baseUrl };
  const session = await fetch(`${baseUrl}/api/v1/console/session`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify(DEMO_SIGN_INS.owner),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers
    .getSetCookie()
    .find((c) => c.startsWith('vv_console='))
    ?.split(';')[0];
  const headers = { ...base, cookie: cookie ?? '' };
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<T> => {
    // As the console sends them: a JSON body on every write (an empty one for a bare POST).
    const answer = await fetch(`${baseUrl}/api/v1/console${path}`, {
      method,
      headers: { ...(body === undefined ? { origin: baseUrl, cookie: headers.cookie } : headers), ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    expect(answer.ok, `${method} ${path}: ${answer.status} ${text}`).toBe(true);
    return (text === '' ? undefined : (JSON.parse(text) as { data: T }).data) as T;
  };
}

/** Version 2 of demo-bistro, published as the owner would: its first-visit question taken out. */
async function publishWithoutFirstVisit(baseUrl: string): Promise<number> {
  const consoleCall = await ownerConsole(baseUrl);
  const { published, revision } = await consoleCall<{
    published: { version: number; document: SurveyDocument };
    revision: string;
  }>('GET', `/surveys/${BISTRO}/document`);
  expect(published.version).toBe(1);
  const document: SurveyDocument = {
    ...published.document,
    questions: published.document.questions.filter((q) => q.id !== FIRST_VISIT),
  };
  // Each change names the revision it was based on (O15.52).
  const saved = await consoleCall<{ revision: string }>('PUT', `/surveys/${BISTRO}/draft`, document, {
    [DRAFT_REVISION_HEADER]: revision,
  });
  const { version } = await consoleCall<{ version: number }>(
    'POST',
    `/surveys/${BISTRO}/publish`,
    {},
    {
      [DRAFT_REVISION_HEADER]: saved.revision,
    },
  );
  return version;
}

/** The guest session's survey version (what the page downloaded at check-in). */
const sessionVersion = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('venue-voice-guest-session');
    return raw ? (JSON.parse(raw).state.config?.surveys?.[0]?.version as number | undefined) : undefined;
  });

beforeAll(async () => {
  // With the server's own caching on: the new guest below reads version 2 the moment it is published.
  [server, browser] = await Promise.all([startOwnServer('survey-versions'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a survey changed while a guest is halfway', () => {
  it('the guest finishes on the version they started; the response records it; a new guest gets the new one', async () => {
    const guest = await phone();
    await guest.goto(`${server.baseUrl}/demo-bistro/123457?branchId=1`);
    await guest.getByRole('button', { name: 'Start' }).click();
    await guest.waitForURL(`${server.baseUrl}/questions`);
    expect(await sessionVersion(guest)).toBe(1);
    await rateAndRecommend(guest);
    await heading(guest, 'How were your dishes?');

    // Halfway: the owner publishes version 2, and the guest's page is reloaded.
    expect(await publishWithoutFirstVisit(server.baseUrl)).toBe(2);
    await guest.reload();
    await heading(guest, 'How were your dishes?');

    // The rest of version 1, "Was this your first visit?" (gone from version 2) answered on the way.
    await group(guest, 'Beef burger').getByRole('button', { name: 'Good' }).click();
    const dish = guest.getByRole('dialog', { name: 'Beef burger' });
    await dish.getByRole('button', { name: 'Done' }).click();
    await group(guest, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }).check();
    await guest.getByRole('button', { name: 'Save and continue' }).click();
    await answerAfterDishes(guest);
    await submitted(guest);
    const answer = await storedAnswer(guest);
    expect(answer?.id).toBeGreaterThan(0);

    // A new guest checks in now: version 2.
    const newcomer = await phone();
    await newcomer.goto(`${server.baseUrl}/demo-bistro/123462?branchId=1`);
    await newcomer.getByRole('button', { name: 'Start' }).click();
    await newcomer.waitForURL(`${server.baseUrl}/questions`);
    expect(await sessionVersion(newcomer)).toBe(2);

    // What was stored (PGlite has one process: read with the server down).
    await server.down();
    const database = await createDatabase({ dataDir: server.dataDir, thread: false });
    const [row] = await queryRows<{ survey_version: number | null; answered: number[] }>(
      database.db,
      sql`select survey_version,
            (select coalesce(jsonb_agg((q->>'id')::int), '[]'::jsonb)
               from jsonb_array_elements(payload->'answers'->'questions') q) as answered
          from responses where id = ${answer?.id ?? 0}`,
    );
    await database.close();
    await server.up();
    expect(row?.survey_version).toBe(1);
    expect(row?.answered).toContain(FIRST_VISIT);
  });
});
