import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, noViolations, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';

// The inbox's export (issue 29 item 6) over the demo's history, on a server of its own: a guest journey
// on the shared server could add a detractor between the inbox's read and the file (decision 0238).
let server: OwnServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('export'), launchBrowser()]);
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the inbox’s export', () => {
  it('a manager filters the inbox, exports it as CSV, and the file holds exactly those responses', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, baseUrl, DEMO_SIGN_INS.manager);
    await page.goto(`${baseUrl}/console/responses?nps=detractor`);
    await title(page, 'Responses');
    const firstRow = page.getByRole('row').nth(1).getByRole('link');
    await firstRow.waitFor();
    const firstId = Number(/\/responses\/(\d+)/.exec((await firstRow.getAttribute('href')) ?? '')?.[1]);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: 'Download the CSV file' });
    await link.waitFor({ timeout: 30_000 });
    const ready = await page.getByText(/^Ready: \d+ responses?/).textContent();
    const count = Number(/Ready: (\d+)/.exec(ready ?? '')?.[1]);
    await noViolations(page, 'inbox with a finished export');
    await shot(page, 'inbox-export');

    // The browser's own request, with its session cookie: what the link downloads.
    const file = await page.request.get(new URL((await link.getAttribute('href')) ?? '', baseUrl).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename=".*\.csv"$/);
    const rows: Record<string, string>[] = parse(await file.body(), { bom: true, columns: true });
    expect(count).toBeGreaterThan(0);
    expect(rows).toHaveLength(count);
    expect(Number(rows[0]?.Response)).toBe(firstId);
    expect(new Set(rows.map((row) => row['NPS group']))).toEqual(new Set(['detractor']));
    // The manager of Soho: nothing of another branch.
    expect(new Set(rows.map((row) => row.Branch))).toEqual(new Set(['Demo Bistro Soho']));
    await context.close();
  });
});
