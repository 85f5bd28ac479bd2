import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openVenue } from './browser';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
const STORAGE_KEY = 'guest-app-cookie-consent';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page (390 px wide) in a fresh context: no stored decision. */
async function openPhone(): Promise<{ page: Page; thirdParty: string[] }> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  // Every request that leaves the app's own origin (a tag manager, a bot-protection script…).
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:'))
      thirdParty.push(request.url());
  });
  return { page, thirdParty };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const storedDecision = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
/** The gtag commands in the page's dataLayer, as plain arrays. */
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry) && 0 in entry)
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
const screenViews = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => (entry as { event?: string }).event === 'screen-view')
      .map((entry) => (entry as { screen_path?: string }).screen_path),
  );

const granted = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
};
const denied = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

describe('cookie consent on /demo-bistro', () => {
  it('asks without blocking the survey; Allow is stored, consent mode updated, and a reload does not ask again', async () => {
    const { page, thirdParty } = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    const heading = page.getByRole('heading', { level: 1, name: 'Enter your receipt PIN' });
    await heading.waitFor();
    await banner(page).waitFor();
    expect(
      await banner(page)
        .getByRole('link', { name: /Privacy policy/ })
        .getAttribute('href'),
    ).toBe('/privacy');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `consent-1-banner`, { fullPage: true });

    // The banner's height is kept free at the page's end, so nothing can stay hidden under it.
    const reserved = () => page.evaluate(() => getComputedStyle(document.body).paddingBottom);
    const height = (await banner(page).boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThan(100);
    expect(Number.parseFloat(await reserved())).toBeCloseTo(height, 0);

    // The screen works while the banner shows: Continue with nothing entered asks for the PIN.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    expect(await banner(page).isVisible()).toBe(true);

    // Fixed over the page: answering moves nothing on the screen.
    const before = await heading.boundingBox();
    await banner(page).getByRole('button', { name: 'Allow' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await heading.boundingBox()).toEqual(before);
    expect(await reserved()).toBe('0px');

    const decision = await storedDecision(page);
    expect(decision.consented).toBe(true);
    expect(Math.abs(decision.timestamp - Date.now())).toBeLessThan(60_000);
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);

    await page.reload();
    await heading.waitFor();
    expect(await banner(page).count()).toBe(0);
    // A new page starts from denied and hears the stored decision again.
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
    expect(await screenViews(page)).toContain('/check_in/guest_receipt_pin_entry');
    // No tag manager is configured in this build: nothing was loaded, even with consent.
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(thirdParty).toEqual([]);
    await page.context().close();
  });

  it('Decline is stored and sent to consent mode as denied', async () => {
    const { page } = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect((await storedDecision(page)).consented).toBe(false);
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', denied],
    ]);
    await page.context().close();
  });

  it('the banner is reached with the keyboard and answered with it', async () => {
    const { page } = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    await banner(page).waitFor();
    const allow = banner(page).getByRole('button', { name: 'Allow' });
    for (
      let presses = 0;
      presses < 30 && !(await allow.evaluate((node) => node === document.activeElement));
      presses += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    expect((await storedDecision(page)).consented).toBe(true);
    await page.context().close();
  });
});
