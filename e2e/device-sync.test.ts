import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { registerTablet, startWithReceipt } from './device';
import { heading, rateAndRecommend } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * A tablet's downloads and sync end to end (issue 6 items 1–3 and 6, decisions 0094–0095): registered,
 * it downloads its surveys and the menu; at the next app start it polls and plans its next sync (shown
 * in the status panel); then offline it runs a survey from what it holds — the receipt step goes on
 * without the receipt, and the menu search still answers. Own server: no receipt is used up.
 */
let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('device-sync');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/** The tablet's menu copy (IndexedDB venue-voice-menu): how many products it holds, 0 when none. */
const storedProducts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('venue-voice-menu');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('menu')) return resolve(0);
          const read = open.result.transaction('menu').objectStore('menu').get('menu');
          read.onsuccess = () => resolve(read.result?.allProducts.length ?? 0);
          read.onerror = () => resolve(0);
        };
      }),
  );

describe('downloads, polling and the menu offline on a tablet', () => {
  it('downloads surveys and menu, plans the next sync, and runs a survey offline with the menu search', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
    const page = await context.newPage();
    await registerTablet(page, own.baseUrl, `e2e-sync-${Date.now()}`, { installModal: false });
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(0);

    // The next app start polls at once (nextSync was never set) and plans the next sync. The config has
    // not changed since the registration's download: the poll names its ETag and Chromium hands the 304
    // to the app (decision 0228), though the answer is no-store.
    const configAnswers: Promise<{ ifNoneMatch?: string; status: number }>[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/v1/survey/config')) return;
      configAnswers.push(
        response
          .request()
          .allHeaders()
          .then((headers) => ({ ifNoneMatch: headers['if-none-match'], status: response.status() })),
      );
    });
    await page.reload();
    const panel = page.getByRole('region', { name: 'App status' });
    await panel.waitFor();
    const nextSync = panel
      .locator('dt', { hasText: 'Next synchronisation' })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => nextSync.textContent(), { timeout: 20_000 }).not.toBe('at the next check');
    expect(await panel.textContent()).toMatch(/Menu.*\(up to date\)/);
    expect(await Promise.all(configAnswers)).toEqual([
      { ifNoneMatch: expect.stringMatching(/^W\/"/), status: 304 },
    ]);
    expect(await accessibilityViolations(page), 'staff home with the sync').toEqual([]);

    await context.setOffline(true);
    await startWithReceipt(page, '555555');
    await page
      .getByText('This tablet is offline, so the receipt could not be checked.', { exact: false })
      .waitFor();
    // Without the receipt the visit time is not known: the team member gives it (yesterday evening).
    await heading(page, 'About your visit');
    await page.getByRole('radio', { name: 'Yesterday' }).check();
    await page.getByRole('combobox', { name: 'Hour' }).selectOption('07');
    await page.getByRole('combobox', { name: 'Minute' }).selectOption('30');
    await page.getByRole('combobox', { name: 'am/pm' }).selectOption('pm');
    await page.getByRole('button', { name: 'Continue' }).click();
    const start = page.getByRole('button', { name: 'Start' });
    await start
      .or(page.getByRole('heading', { level: 1, name: 'How was your visit?' }))
      .first()
      .waitFor();
    if (await start.isVisible()) await start.click();
    await rateAndRecommend(page);
    await heading(page, 'How were your dishes?');
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('chicken');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    await expect.poll(() => results.getByRole('group').count()).toBeGreaterThanOrEqual(2);
    expect(await results.getByRole('group', { name: 'Chicken wings' }).count()).toBe(1);
    expect(await accessibilityViolations(page), 'menu search offline').toEqual([]);
    // The staff question lists the team the tablet downloaded.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading(page, 'Who looked after you?');
    await page.getByRole('button', { name: 'Sam', exact: true }).waitFor();
    expect(await accessibilityViolations(page), 'staff offline').toEqual([]);
    await context.close();
  });
});
