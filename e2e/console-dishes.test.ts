import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/db/connection';
import { dish, insertRated } from '../apps/server/test/support/rated-responses';
import { launchBrowser } from './browser';
import { CONSOLE_VIEWPORTS, consolePage, DEMO_SIGN_INS, noViolations, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer, withoutDemoHistory } from './own-server';

// The dish and team reports (issue 29 items 4 and 5) on a server of their own, with responses of the
// last days stored in its database while it is down (the screens' default period: the last 30 days).
let server: OwnServer;
let browser: Browser;

/** `YYYY-MM-DD HH:MM:SS`, `days` before today in this machine's time zone (the screens' period's). */
function daysAgo(days: number, hour: number): string {
  const at = new Date();
  at.setDate(at.getDate() - days);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  return `${local} ${String(hour).padStart(2, '0')}:30:00`;
}

const staff = (staffId: number, tags: number[], text?: string) => ({
  staffId,
  staff: {
    renderType: 1,
    staffId,
    subQuestions: [
      { question_type: 'tags', answers: tags },
      ...(text ? [{ question_type: 'text', answers: [text] }] : []),
    ],
  },
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('dishes'), launchBrowser()]);
  await server.down();
  const database = await createDatabase({ dataDir: server.dataDir, thread: false });
  await withoutDemoHistory(database.db);
  // Beef burger (1013) rated by 7 guests, tomato soup (1001) by 2; Sam (2) named 6 times, Priya (4) twice.
  await insertRated(database.db, [
    ...[3, 3, 3, 3, 2, 1, 1].map((rating, i) => ({
      branchId: 1,
      visit: daysAgo(1 + i, 19),
      dishes: [dish('1013', rating as 1 | 2 | 3, rating === 3 ? [1, 3] : [1])],
      csat: 60 + 5 * i,
      nps: 10 - i,
      ...(i < 6 ? staff(2, [1, 2], i < 4 ? `Lovely service, visit ${i + 1}` : undefined) : staff(4, [4])),
    })),
    {
      branchId: 1,
      visit: daysAgo(2, 13),
      dishes: [dish('1001', 1, [1, 2])],
      csat: 40,
      nps: 5,
      ...staff(4, [3]),
    },
    { branchId: 2, visit: daysAgo(3, 20), dishes: [dish('1001', 3, [2])], csat: 90, nps: 9 },
  ]);
  await database.close();
  await server.up();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the dish and team reports', () => {
  it.each(CONSOLE_VIEWPORTS)('read as text, without an axe violation, at $width px', async (viewport) => {
    const { context, page } = await consolePage(browser, viewport);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);

    // By address: at 768 px the navigation is behind the menu button.
    await page.goto(`${server.baseUrl}/console/dishes`);
    await title(page, 'Dishes');
    const dishes = page.getByRole('table', { name: 'Ratings per dish, most rated first' });
    const burger = dishes.getByRole('row', { name: /Beef burger/ });
    await burger.waitFor();
    expect(await burger.textContent()).toContain('Good 57.1% (4) · neutral 14.3% (1) · bad 28.6% (2)');
    expect(await burger.textContent()).toContain('Tasty (Good): 4');
    expect(await dishes.getByRole('row', { name: /Tomato soup/ }).textContent()).toContain(
      'Fewer than 5 ratings',
    );
    await burger.getByRole('button', { name: 'Show the trend of Beef burger' }).click();
    await page.getByRole('table', { name: 'Beef burger: ratings per period' }).waitFor();
    await noViolations(page, 'dishes');
    await shot(page, 'dishes');

    await page.goto(`${server.baseUrl}/console/team`);
    await title(page, 'Team');
    const sam = page.getByRole('row', { name: /Sam Patel/ });
    await sam.waitFor();
    expect(await sam.textContent()).toContain('Friendly (6)');
    expect(await sam.textContent()).toContain('Lovely service, visit 1');
    await sam.getByRole('link', { name: '6 times' }).waitFor();
    await noViolations(page, 'team');
    await shot(page, 'team');
    await context.close();
  });
});
