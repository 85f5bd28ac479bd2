import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openVenue } from './browser';
import { answerOffline, noViolations, openSettings, registerTablet, staffHome, storedQueue } from './device';
import { answerDemoBistro, heading } from './journey';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

// Issue 26 "Look and feel", the screens the first pass left as admin forms: the photo step, the visit's
// day choice, the install and privacy pages (phone and tablet size), and on a tablet the register
// screen, Manage team, the app status, the survey chooser and the Needs attention rows (upright and
// lying down). Each: axe clean, a screenshot (E2E_SCREENSHOTS), one design property the old look lacked.
// A server of its own (fresh data): receipts 123457–123459 are free here.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('look-more');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
const px = async (locator: Locator, property: string) => Number.parseFloat(await style(locator, property));
const rgb = (css: string) => (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
/** The variable as the page resolves it (branding may override the default), as an rgb triple. */
const token = (page: Page, name: string) =>
  page.evaluate((variable) => {
    const probe = document.createElement('i');
    probe.style.color = `var(${variable})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);

/**
 * Screenshot first (so a failing look still leaves its picture), then axe and nothing wider than it. The
 * cookie banner (look.test.ts checks it) is declined first so the pictures show the screen.
 */
async function checkScreen(page: Page, shot: string): Promise<void> {
  const decline = page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Decline' });
  if (await decline.isVisible()) await decline.click();
  await screenshot(page, `look-more-${shot}`, { fullPage: true });
  await noViolations(page, shot);
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), shot).toBeLessThanOrEqual(width);
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function openPage(width: number, height: number, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height }, ...options });
  return context.newPage();
}

describe('the guest’s other screens at phone and tablet size (issue 26)', () => {
  it.each([
    ['phone', 390, 844, '123457'],
    ['tablet', 820, 1180, '123458'],
  ] as const)(
    'at %s size: the install steps, privacy, the visit’s day choice and the photo step wear the design',
    async (size, width, height, pin) => {
      // Install: on an iPhone the steps show, each numbered in a round mark of the venue's colour.
      const phone = await openPage(width, height, { userAgent: IPHONE, hasTouch: true });
      await phone.goto(`${server.baseUrl}/install`);
      await heading(phone, 'Install the app');
      const steps = phone.getByRole('list', { name: 'How to install' }).getByRole('listitem');
      await steps.first().waitFor();
      await checkScreen(phone, `${size}-install`);
      const mark = await steps
        .first()
        .evaluate((item) => getComputedStyle(item, '::before').getPropertyValue('background-color'));
      expect(rgb(mark)).toEqual(rgb(await token(phone, '--vv-primary')));
      // Privacy: the title carries the accent rule of the venue's titles.
      await phone.goto(`${server.baseUrl}/privacy`);
      await heading(phone, 'Privacy notice');
      await checkScreen(phone, `${size}-privacy`);
      expect(await px(phone.getByRole('heading', { level: 1 }), 'border-bottom-width')).toBe(4);
      await phone.context().close();

      // About your visit: the chosen day is a choice row, tinted, with the ink border, 48 px tall, and so
      // are the calendar's month buttons.
      const page = await openPage(width, height);
      await openVenue(page, `${server.baseUrl}/demo-cafe`);
      await page.getByRole('textbox', { name: 'Table number' }).fill('12');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: /Demo Bistro Manchester/ }).click();
      await heading(page, 'About your visit');
      await page.getByRole('radio', { name: 'Choose a date' }).check();
      const month = page.getByRole('button', { name: 'Previous month' });
      await month.waitFor();
      const chosen = page
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: 'Choose a date' }) });
      await checkScreen(page, `${size}-visit`);
      expect(rgb(await style(chosen, 'background-color'))).toEqual(
        rgb(await token(page, '--vv-primary-soft')),
      );
      expect(rgb(await style(chosen, 'border-top-color'))).toEqual(
        rgb(await token(page, '--vv-primary-ink')),
      );
      expect(await px(chosen, 'border-top-left-radius')).toBe(10);
      expect((await chosen.boundingBox())?.height).toBeGreaterThanOrEqual(48);
      expect(await px(month, 'border-top-left-radius')).toBe(10);
      expect((await month.boundingBox())?.height).toBeGreaterThanOrEqual(48);

      // The photo step: before a photo, a tinted frame shows where it will be.
      await answerDemoBistro(page, server.baseUrl, pin);
      await heading(page, 'Your feedback has been sent');
      await page.getByRole('button', { name: /^(No thanks|Continue)$/ }).click();
      await heading(page, 'Add a photo of your visit');
      await checkScreen(page, `${size}-upload`);
      const frame = page.locator('.upload__placeholder');
      expect(rgb(await style(frame, 'background-color'))).toEqual(
        rgb(await token(page, '--vv-primary-soft')),
      );
      expect(await px(frame, 'border-top-left-radius')).toBe(20);
      await page.context().close();
    },
    180_000,
  );
});

const TABLET_SIZES = [
  [820, 1180],
  [1180, 820],
] as const;

const newTablet = async () => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 820, height: 1180 } });
  await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
  return { context, page: await context.newPage() };
};

/** A white card of the kiosk: the large radius and the card's shadow. */
async function expectCard(locator: Locator, what: string): Promise<void> {
  expect(await px(locator, 'border-top-left-radius'), what).toBe(20);
  expect(await style(locator, 'box-shadow'), what).not.toBe('none');
  expect(rgb(await style(locator, 'background-color')), what).toEqual([255, 255, 255]);
}

describe('the tablet’s other screens upright and lying down (issue 26, docs/design.md "Tablet")', () => {
  it('register shows the band and a form card; the app status, the survey chooser and Manage team look like the venue', async () => {
    const { context, page } = await newTablet();
    await page.goto(`${server.baseUrl}/register`);
    await heading(page, 'Register device');
    for (const [width, height] of TABLET_SIZES) {
      await page.setViewportSize({ width, height });
      await checkScreen(page, `register-${width}x${height}`);
      const band = page.getByRole('banner');
      await band.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
      expect(rgb(await style(band, 'background-color'))).toEqual(rgb(await token(page, '--vv-primary')));
      await expectCard(page.locator('form'), 'register form');
      expect(
        (await page.getByRole('button', { name: 'Register device' }).boundingBox())?.height,
      ).toBeGreaterThanOrEqual(56);
    }

    await registerTablet(page, server.baseUrl, `e2e-look-more-${Date.now()}`, {
      installModal: false,
      branchId: 2,
    });
    for (const [width, height] of TABLET_SIZES) {
      await page.setViewportSize({ width, height });
      const settings = await openSettings(page);
      await settings.getByRole('button', { name: /^Version .*, show the app status$/ }).click();
      const status = page.getByRole('dialog', { name: 'App status' });
      await status.getByText('Run mode').waitFor();
      await checkScreen(page, `status-${width}x${height}`);
      // The facts as the settings show them: a two-column list, the term muted.
      const term = status.locator('dt').first();
      expect(await style(status.locator('dl'), 'display')).toBe('grid');
      expect(rgb(await style(term, 'color'))).toEqual([75, 85, 99]);
      await status.getByRole('button', { name: 'OK' }).click();
      await status.waitFor({ state: 'detached' });

      await settings.getByRole('button', { name: 'Choose default survey' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose default survey' });
      const choice = chooser.getByRole('button', { name: 'No default survey' });
      await choice.waitFor();
      await checkScreen(page, `chooser-${width}x${height}`);
      // The staff home's tiles: white, the card's shadow, the venue's stripe at the start, 88 px or more.
      for (const option of await chooser.getByRole('listitem').getByRole('button').all()) {
        await expectCard(option, (await option.textContent()) ?? '');
        expect(await px(option, 'border-left-width')).toBe(8);
        expect((await option.boundingBox())?.height).toBeGreaterThanOrEqual(88);
      }
      await chooser.getByRole('button', { name: 'Close' }).click();
      await chooser.waitFor({ state: 'detached' });
      await settings.getByRole('button', { name: 'Close' }).first().click();
      await settings.waitFor({ state: 'detached' });
    }

    // Manage team, as a manager (branch 2: Chris, 1111).
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Manage team' }).click();
    const signIn = page.getByRole('dialog', { name: 'Manager sign-in' });
    await signIn.getByLabel('Your PIN').fill('1111');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/manage_team`);
    const members = page.getByRole('list', { name: 'Team members' });
    await members.getByRole('heading', { name: 'Dana' }).waitFor();
    for (const [width, height] of TABLET_SIZES) {
      await page.setViewportSize({ width, height });
      await checkScreen(page, `team-${width}x${height}`);
      for (const card of await members.getByRole('listitem').all()) await expectCard(card, 'member card');
      const close = page.getByRole('button', { name: 'Close', exact: true });
      expect((await close.boundingBox())?.height).toBeGreaterThanOrEqual(56);
    }
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await staffHome(page, 2);
    await context.close();
  }, 180_000);

  it('a survey set aside shows in Needs attention as a row with the error’s stripe', async () => {
    const { context, page } = await newTablet();
    // A receipt PIN longer than the API allows: the real server refuses the survey (400, 10009).
    await page.route('**/api/v1/survey/submit**', async (route) => {
      const sent = route.request().postDataJSON();
      for (const item of sent.items ?? [sent])
        if (item.type === 'create') item.payload.pinCode = '9'.repeat(65);
      await route.continue({ postData: JSON.stringify(sent) });
    });
    await registerTablet(page, server.baseUrl, `e2e-look-more-attention-${Date.now()}`, {
      installModal: false,
    });
    await answerOffline(context, page, server.baseUrl, '123459');
    await context.setOffline(false);
    await expect.poll(async () => (await storedQueue(page)).attention.length, { timeout: 20_000 }).toBe(1);
    await page.goto(`${server.baseUrl}/staff`);
    await staffHome(page);
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Needs attention (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Needs attention' });
    const row = dialog.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').first();
    await row.waitFor();
    for (const [width, height] of TABLET_SIZES) {
      await page.setViewportSize({ width, height });
      await checkScreen(page, `attention-${width}x${height}`);
      expect(await px(row, 'border-top-left-radius')).toBe(14);
      expect(await px(row, 'border-left-width')).toBe(6);
      expect(rgb(await style(row, 'border-left-color'))).toEqual(rgb(await token(page, '--vv-error-ink')));
      expect(
        (await row.getByRole('button', { name: 'Try again' }).boundingBox())?.height,
      ).toBeGreaterThanOrEqual(56);
    }
    await context.close();
  }, 180_000);
});
