import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/db/connection';
import { insertResponses } from '../apps/server/src/services/responses/insert-responses';
import { reportResponse } from '../apps/server/test/support/report-responses';
import { launchBrowser } from './browser';
import { CONSOLE_VIEWPORTS, consolePage, DEMO_SIGN_INS, noViolations, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer, withoutDemoHistory } from './own-server';

// The dashboard read as text (issue 29's journey): a server of its own, given responses in May 2019
// while it is stopped (its PGlite has one user at a time), then read by the owner and a manager.
let server: OwnServer;
let browser: Browser;

// May 2019: days the demo's own history (the 90 days before its first start) never reaches, so the
// figures read there are this file's alone.
const MAY = 'period=custom&from=2019-05-01&to=2019-05-31';
const mayDay = (n: number) => `2019-05-${String(n).padStart(2, '0')}`;

async function addResponses(dataDir: string) {
  const database = await createDatabase({ dataDir });
  try {
    await withoutDemoHistory(database.db);
    // Soho: 40 responses over 20 days, mostly happy. Manchester: 3, too few to rely on (O5.5).
    const soho = Array.from({ length: 40 }, (_, i) =>
      reportResponse({
        branchId: 1,
        day: mayDay((i % 20) + 1),
        nps: [10, 9, 8, 6, 10][i % 5] ?? 10,
        csat: [100, 80, 60, 40, 80][i % 5] ?? 80,
        indicators: [{ id: 1, score: (i % 5) + 1 }],
      }),
    );
    const manchester = [0, 1, 2].map((i) =>
      reportResponse({ branchId: 2, day: mayDay(i + 1), nps: 3, csat: 20 }),
    );
    await insertResponses(database.db, [...soho, ...manchester], new Date());
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  server = await startOwnServer('dashboard');
  await server.down();
  await addResponses(server.dataDir);
  [, browser] = await Promise.all([server.up(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ready = async (page: Page) => {
  await title(page, 'Dashboard');
  await page.getByRole('region', { name: 'Responses' }).waitFor();
  await page.getByRole('status').first().waitFor({ state: 'detached' });
};

describe('the dashboard', () => {
  it.each(CONSOLE_VIEWPORTS)('reads as text without an axe violation at $width px', async (viewport) => {
    const { context, page } = await consolePage(browser, viewport);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    // Home links to the dashboard first (the nav is behind a menu button on a tablet).
    await page.getByRole('main').getByRole('link', { name: 'Open the dashboard' }).click();
    await ready(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    await noViolations(page, 'dashboard, last 30 days');
    // A shared link of a custom period: May 2019 holds this file's 43 responses and nothing else.
    await page.goto(`${server.baseUrl}/console/dashboard?${MAY}`);
    await ready(page);
    await expect.poll(() => page.getByRole('region', { name: 'Responses' }).textContent()).toContain('43');
    const trend = page.getByRole('table', { name: 'Responses, NPS and CSAT over time' });
    expect(await trend.getByRole('row').count()).toBe(32); // a header and 31 days
    const ranking = page.getByRole('region', { name: 'Branches ranked' });
    await expect
      .poll(() => ranking.getByRole('row', { name: /Demo Bistro Manchester/ }).textContent())
      .toContain('too few to rely on');
    await noViolations(page, 'dashboard');
    await shot(page, 'dashboard');

    // The radio itself is visually hidden under its label, which is what a pointer clicks.
    await page.locator('label', { hasText: /^Week$/ }).click();
    await page.waitForURL(/bucket=week/);
    await trend
      .getByRole('rowheader', { name: /^Week of/ })
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await page.getByRole('button', { name: 'From and to' }).waitFor();
    await noViolations(page, 'dashboard, custom range');
    await context.close();
  });

  it('gives the manager of Soho its own figures, with no ranking', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.manager);
    await page.goto(`${server.baseUrl}/console/dashboard?${MAY}`);
    await ready(page);
    // Soho's 40 alone (the fixtures' NPS cycle 10, 9, 8, 6, 10); the owner's adds Manchester's 3 detractors.
    await expect
      .poll(() => page.getByRole('region', { name: 'NPS' }).textContent())
      .toContain('24 promoters, 8 passives, 8 detractors');
    expect(await page.getByRole('region', { name: 'Branches ranked' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Branch', exact: true }).count()).toBe(0);
    await shot(page, 'dashboard-manager');
    await context.close();
  });
});
