import { ApiFailure } from '@venue-voice/client';
import { type CreatePayload, PinType } from '@venue-voice/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import {
  noViolations,
  openSettings,
  openStaffSignIn,
  registerTablet,
  signInStaff,
  staffHome,
  startSurvey,
  startWithReceipt,
  storedQueue,
  submitResults,
  tabletClient,
} from './device';
import { answerAfterDishes, answerQuestions, group, heading, next, rateAndRecommend } from './journey';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/**
 * Issue 26's tablet items between guests: a survey kept offline ends on a thank-you that returns to the
 * start (items 11, 12) and shows in Last uploaded once sent (18); the queue retries by itself after an
 * outage (14); a receipt PIN typed offline is looked up on upload and an offline survey draws no voucher
 * (16), and a voucher whose answer comes after the guest was told none is given is withdrawn (16, D4.65);
 * a manager at a branch without staff PINs reaches Manage team, which keeps its stylesheet on a reload
 * (15); staff see how far a guest's survey is, and a guest never sees who signed in (18, "Look and
 * feel"); a failed reset says so in its title (18). A server of its own (fresh data): receipts
 * 123462–123466 are free here.
 */
let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('device-kiosk');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

const newTablet = async () => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
  await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
  return { context, page: await context.newPage() };
};

/** The guest's session as the tablet keeps it (sessionStorage). */
const guestSession = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('venue-voice-guest-session') ?? '{}').state ?? null);

/** The check-in's visit step: today, at the time it offers. */
async function aboutTheVisit(page: Page) {
  await heading(page, 'About your visit');
  await page.getByRole('radio', { name: 'Today' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Demo Café's questions, from its first screen to the submit. */
async function answerCafe(page: Page) {
  await heading(page, 'How was your coffee?');
  for (const name of ['Coffee', 'Service']) {
    await group(page, name)
      .getByRole('radio', { name: /^5 out of 5/ })
      .check({ force: true });
  }
  await next(page).click();
  await page.getByRole('textbox', { name: 'Anything we could do better?' }).fill('More oat milk');
  await next(page).click();
  await heading(page, 'About you');
  await next(page).click();
}

const SAVED = 'Your feedback is saved on this tablet and will be sent when it is online.';

describe('the tablet’s kiosk look (issue 26 "Look and feel")', () => {
  it('the staff home shows the venue’s logo and big survey tiles, and the settings a tidy panel, upright and lying down', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-look-${Date.now()}`, { installModal: false });
    for (const [width, height] of [
      [820, 1180],
      [1180, 820],
    ] as const) {
      await page.setViewportSize({ width, height });
      const banner = page.getByRole('banner');
      await banner.getByRole('img', { name: 'Demo Hospitality Group logo' }).waitFor();
      expect(
        await banner.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      // A person taps these without looking twice: tiles at least 88 px tall, nothing under 44 px.
      const tiles = page
        .getByRole('region', { name: 'Surveys' })
        .getByRole('button', { name: /^Start survey / });
      expect(await tiles.count()).toBeGreaterThan(1);
      for (const tile of await tiles.all()) {
        const box = await tile.boundingBox();
        expect(box?.height, `${await tile.getAttribute('aria-label')} at ${width}`).toBeGreaterThanOrEqual(
          88,
        );
        expect(box?.width).toBeGreaterThanOrEqual(width / 3 - 64);
      }
      const settingsButton = await banner
        .getByRole('button', { name: 'Settings', exact: true })
        .boundingBox();
      expect(settingsButton?.height).toBeGreaterThanOrEqual(48);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await noViolations(page, `staff home ${width}×${height}`);
      await screenshot(page, `kiosk-staff-${width}x${height}`, { fullPage: true });

      const settings = await openSettings(page);
      for (const name of [
        'This tablet',
        'Surveys and responses',
        'Guest screens',
        'Staff and security',
        'Reset',
      ])
        await settings.getByRole('region', { name }).waitFor();
      for (const button of await settings.getByRole('region').getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box?.height, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
      }
      await noViolations(page, `settings ${width}×${height}`);
      await screenshot(page, `kiosk-settings-${width}x${height}`);
      await settings.getByRole('button', { name: 'Close' }).first().click();
      await settings.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('with a pale venue colour the staff home and the settings keep their contrast (axe)', async () => {
    const { context, page } = await newTablet();
    await page.setViewportSize({ width: 820, height: 1180 });
    // A venue in pale yellow: the text on its band and tiles must turn dark, its inks darker.
    await page.route('**/api/v1/survey/config?**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const survey of body.data.surveys ?? [])
        survey.branding = {
          ...survey.branding,
          primaryColour: '#ffe066',
          secondaryColour: '#fffbea',
          accentColour: '#ffd43b',
        };
      await route.fulfill({ response, json: body });
    });
    await registerTablet(page, own.baseUrl, `e2e-kiosk-pale-${Date.now()}`, { installModal: false });
    await page.getByRole('banner').getByRole('img', { name: 'Demo Hospitality Group logo' }).waitFor();
    await noViolations(page, 'staff home, pale venue');
    await screenshot(page, `kiosk-staff-pale-820x1180`, { fullPage: true });
    await openSettings(page);
    await noViolations(page, 'settings, pale venue');
    await context.close();
  });
});

describe('the end of a guest’s visit on a tablet (issue 26 items 11, 12, 18)', () => {
  it('offline, a Demo Café survey reaches the thank-you, which returns to the start; once online Last uploaded shows', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-end-${Date.now()}`, { installModal: false });
    const settings = await openSettings(page);
    await settings
      .getByRole('combobox', { name: 'Go back to the start after the thank-you in' })
      .selectOption({ label: '5 seconds' });
    await settings.getByRole('button', { name: 'Close' }).first().click();
    await settings.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Start survey Demo Café' }).click();
    await page.getByRole('textbox', { name: 'Table number' }).fill('4');
    await page.getByRole('button', { name: 'Continue' }).click();
    await aboutTheVisit(page);
    await page.waitForURL(`${own.baseUrl}/questions`);
    await context.setOffline(true);
    await answerCafe(page);
    await page.getByText(SAVED).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Add a photo of your visit');
    await page.getByRole('button', { name: 'Skip' }).click();

    // Item 11: the thank-you, not /checkout again.
    await page.waitForURL(`${own.baseUrl}/thank-you`);
    await heading(page, 'Thank you for your feedback');
    await page.getByText(SAVED).waitFor();
    await page.getByRole('button', { name: 'Done' }).waitFor();
    await noViolations(page, 'thank-you on a tablet');
    await screenshot(page, 'kiosk-thank-you');
    expect(page.url()).toBe(`${own.baseUrl}/thank-you`);

    // Item 12: after the 5 seconds chosen, the start for the next guest, with the visit cleared.
    await page.waitForURL(`${own.baseUrl}/staff`, { timeout: 15_000 });
    await staffHome(page);
    await expect.poll(async () => (await guestSession(page))?.createPayload ?? null).toBeNull();
    await page.getByText('1 completed survey waiting').waitFor();

    // Back online the queue sends it by itself; the settings then show when (item 18).
    await context.setOffline(false);
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 20_000 }).toBe(0);
    await page.getByText('1 completed survey waiting').waitFor({ state: 'detached' });
    const after = await openSettings(page);
    expect(await after.getByText('never', { exact: true }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('Done on the thank-you returns to the start at once', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-done-${Date.now()}`, { installModal: false });
    await page.getByRole('button', { name: 'Start survey Demo Café' }).click();
    await page.getByRole('textbox', { name: 'Table number' }).fill('5');
    await page.getByRole('button', { name: 'Continue' }).click();
    await aboutTheVisit(page);
    await answerCafe(page);
    await heading(page, 'Your feedback has been sent');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByText('Your feedback has been sent.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${own.baseUrl}/staff`);
    await staffHome(page);
    await context.close();
  }, 120_000);
});

describe('surveys waiting on a tablet (issue 26 items 14, 16)', () => {
  it('after a server outage the queue sends by itself, and a survey kept on the tablet draws no voucher', async () => {
    const { context, page } = await newTablet();
    // The page's clock runs on its own; the test moves it past the first timed retry (30 s).
    await context.clock.install();
    let outage = true;
    const sent: { offered: boolean; payload: CreatePayload; status: number; id?: number }[] = [];
    await page.route('**/api/v1/survey/submit**', async (route) => {
      // The tablet is online; the server is not there.
      if (outage) return route.abort('connectionrefused');
      const request = route.request();
      const body = request.postDataJSON();
      const response = await route.fetch();
      const json = await response.json();
      for (const [index, item] of submitResults(request, response.status(), json).entries())
        if (item.type === 'create')
          sent.push({
            offered:
              body.items?.[index]?.offerVoucher === true || request.headers()['x-voucher-offer'] === '1',
            payload: item.payload,
            status: item.status,
            id: item.data?.id,
          });
      await route.fulfill({ response, json });
    });
    await registerTablet(page, own.baseUrl, `e2e-kiosk-retry-${Date.now()}`, { installModal: false });
    await startSurvey(page);
    await page.getByRole('textbox', { name: 'Receipt PIN' }).fill('123462');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${own.baseUrl}/questions`);
    await answerQuestions(page);
    // Unanswered while the guest waits: kept on the tablet, and the guest is told no voucher is given.
    await page.getByText(SAVED).waitFor({ timeout: 20_000 });
    await page.getByText(/A voucher is given only when your feedback reaches us/).waitFor();
    expect((await storedQueue(page)).items.filter((item) => item.type === 'submit')).toHaveLength(1);

    // The server is back. Nobody presses Upload: the timed retry sends the survey.
    outage = false;
    await page.clock.fastForward(31_000);
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 20_000 }).toBe(0);
    expect(sent.map(({ offered, status }) => ({ offered, status }))).toEqual([
      { offered: false, status: 200 },
    ]);
    // What the server keeps of it: no voucher (a resend answers what the response was given).
    const { client } = await tabletClient(page, own.baseUrl);
    const stored = sent[0];
    if (!stored) throw new Error('no create reached the server');
    const again = await client.survey.create(stored.payload, 1);
    expect(again).toMatchObject({ id: stored.id, voucher: null });
    await context.close();
  }, 120_000);

  it('D4.65 a voucher whose answer comes after the guest was told none is given is never shown, and the server withdraws it', async () => {
    const { context, page } = await newTablet();
    // A link slower than the guest's 6 s wait: the create reaches the server only after 8 s.
    const late: { payload: CreatePayload; voucher: unknown }[] = [];
    const supplements: unknown[] = [];
    await page.route('**/api/v1/survey/submit**', async (route) => {
      const request = route.request();
      const body = request.postDataJSON();
      const items: { type: string; payload: unknown }[] = body?.items ?? [body];
      if (items.some((item) => item.type === 'create'))
        await new Promise((resolve) => setTimeout(resolve, 8_000));
      const response = await route.fetch();
      const json = await response.json();
      for (const item of submitResults(request, response.status(), json)) {
        if (item.type === 'create')
          late.push({ payload: item.payload, voucher: (item.data as { voucher?: unknown })?.voucher });
        if (item.type === 'supplement') supplements.push(item.payload);
      }
      await route.fulfill({ response, json });
    });
    await registerTablet(page, own.baseUrl, `e2e-kiosk-late-${Date.now()}`, { installModal: false });
    await startWithReceipt(page, '123464');
    await page.waitForURL(`${own.baseUrl}/questions`);
    await answerQuestions(page);
    // The wait ends first: the guest is told that no voucher is given.
    await page
      .getByText(/A voucher is given only when your feedback reaches us/)
      .waitFor({ timeout: 20_000 });
    // Then the server's answer arrives, with a voucher drawn for a guest who is no longer waiting.
    await expect.poll(() => late.length, { timeout: 20_000 }).toBe(1);
    expect(late[0]?.voucher).toBeTruthy();
    // The tablet tells the server nobody saw it, and the checkout still shows none.
    await expect.poll(() => supplements, { timeout: 20_000 }).toContainEqual({ voucherUnseen: true });
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 20_000 }).toBe(0);
    expect(await page.getByRole('region', { name: 'Your voucher' }).count()).toBe(0);
    expect(await page.getByText('Voucher code:').count()).toBe(0);
    await page.getByText(/A voucher is given only when your feedback reaches us/).waitFor();

    // The code is withdrawn: the same create sent again answers no voucher.
    const { client } = await tabletClient(page, own.baseUrl);
    const stored = late[0];
    if (!stored) throw new Error('no create reached the server');
    expect(await client.survey.create(stored.payload, 1)).toMatchObject({ voucher: null });
    await context.close();
  }, 120_000);

  it('a receipt PIN typed offline is looked up when the survey is uploaded', async () => {
    const { context, page } = await newTablet();
    const uploaded: CreatePayload[] = [];
    await page.route('**/api/v1/survey/submit**', async (route) => {
      const request = route.request();
      const response = await route.fetch();
      const json = await response.json();
      for (const item of submitResults(request, response.status(), json))
        if (item.type === 'create' && item.status === 200) uploaded.push(item.payload);
      await route.fulfill({ response, json });
    });
    await registerTablet(page, own.baseUrl, `e2e-kiosk-receipt-${Date.now()}`, { installModal: false });
    // An installed tablet: its service worker holds every screen's code, as when a tablet loses its
    // connection in the middle of a day.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await startSurvey(page);
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Receipt PIN' }).fill('123463');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/This tablet is offline, so the receipt could not be checked/).waitFor();
    // Without the receipt the visit's time is asked (as for a survey without EPOS).
    await aboutTheVisit(page);
    await page.waitForURL(`${own.baseUrl}/questions`);
    // No receipt, so no dishes of it to rate: the guest skips the menu.
    await rateAndRecommend(page);
    await heading(page, 'How were your dishes?');
    await page.getByRole('button', { name: 'Skip' }).click();
    await answerAfterDishes(page);
    await page.getByText(SAVED).waitFor();
    await context.setOffline(false);
    await expect.poll(() => uploaded.length, { timeout: 20_000 }).toBe(1);
    expect(uploaded[0]).toMatchObject({ pinCode: '', receiptPin: '123463' });

    // The receipt now backs that response: looking it up again is refused as already used (10031, which
    // survey.transaction answers for a transaction a response rates since issue 26 item 1's server).
    const { client } = await tabletClient(page, own.baseUrl);
    const refused = await client.survey
      .transaction({ branchId: 1, templateId: 1, pinType: PinType.PIN, pin: '123463', date: 'now' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).code).toBe(10031);
    await context.close();
  }, 120_000);
});

describe('staff and a guest’s survey (issue 26 item 18, "Look and feel")', () => {
  it('D2.13 a guest never sees who signed in; the staff sign-in over the survey shows how far the guest is', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-progress-${Date.now()}`, { installModal: false });
    await signInStaff(page, '1111');
    await page.getByText('Signed in: Alex').waitFor();
    await page.getByRole('button', { name: 'Switch user' }).waitFor();

    // The tablet is handed to a guest: who signed in is staff business.
    await startWithReceipt(page, '123465');
    await page.waitForURL(`${own.baseUrl}/questions`);
    await heading(page, 'How was your visit?');
    expect(await page.getByText(/Signed in/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Switch user' }).count()).toBe(0);
    await rateAndRecommend(page);
    await heading(page, 'How were your dishes?');
    expect(await page.getByText(/Signed in/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Switch user' }).count()).toBe(0);
    // The ratings and the recommend score are the venue's indicators; the dishes are the first questions.
    await group(page, 'Beef burger').getByRole('button', { name: 'Good' }).click();
    await page.getByRole('dialog', { name: 'Beef burger' }).getByRole('button', { name: 'Done' }).click();
    await group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading(page, 'Who looked after you?');

    // A member comes to the tablet mid-survey: the sign-in says how far the guest is, as a count and a bar.
    const { modal } = await openStaffSignIn(page);
    const progress = modal.getByText(/^A survey is in progress: \d+ of \d+ questions answered$/);
    await progress.waitFor();
    const [, answered, total] = /(\d+) of (\d+)/.exec((await progress.textContent()) ?? '') ?? [];
    expect(Number(answered)).toBeGreaterThan(0);
    expect(Number(answered)).toBeLessThan(Number(total));
    const bar = modal.getByRole('progressbar', {
      name: `A survey is in progress: ${answered} of ${total} questions answered`,
    });
    expect(await bar.getAttribute('value')).toBe(answered);
    expect(await bar.getAttribute('max')).toBe(total);
    await noViolations(page, 'staff sign-in over a survey');
    await screenshot(page, 'kiosk-sign-in-progress');
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await modal.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('a reset the server refuses ends on a dialog titled Device Reset Failed, then /register', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-reset-${Date.now()}`, { installModal: false });
    await page.route('**/api/v1/device/deregister**', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 10000, message: 'down' } } }),
    );
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Reset device' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset device?' });
    await confirm.getByRole('button', { name: 'Reset device' }).click();
    const failed = page.getByRole('dialog', { name: 'Device Reset Failed' });
    await failed.getByText(/We could not deregister your device/).waitFor();
    await noViolations(page, 'device reset failed');
    await failed.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${own.baseUrl}/register`);
    await context.close();
  }, 120_000);
});

describe('a manager at a branch without staff PINs (issue 26 item 15)', () => {
  /** The page frame's look: the same with or without a reload if the stylesheet came along. */
  const frame = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main');
      const header = main?.querySelector('header');
      if (!main || !header) return null;
      const look = (element: Element) => {
        const style = getComputedStyle(element);
        return { maxWidth: style.maxWidth, padding: style.padding, display: style.display };
      };
      return { main: look(main), header: look(header) };
    });

  it('signs in from /staff, opens Manage team, and a reload of /manage_team keeps its look', async () => {
    const { context, page } = await newTablet();
    await registerTablet(page, own.baseUrl, `e2e-kiosk-team-${Date.now()}`, {
      installModal: false,
      branchId: 2,
    });
    // Nobody signed in: Manage team asks for a manager's PIN first.
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Manage team' }).click();
    const signIn = page.getByRole('dialog', { name: 'Manager sign-in' });
    await signIn.getByLabel('Your PIN').fill('2222');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByText('Only a manager can manage the team.').waitFor();
    await noViolations(page, 'manager sign-in');
    await signIn.getByLabel('Your PIN').fill('1111');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${own.baseUrl}/manage_team`);
    await page.getByRole('list', { name: 'Team members' }).getByRole('heading', { name: 'Dana' }).waitFor();
    const look = await frame(page);
    expect(look?.header.display).toBe('flex');

    // A reload forgets the typed PIN (decision 0197): the screen asks for a manager's PIN again.
    await page.reload();
    const again = page.getByRole('dialog', { name: 'Manager sign-in' });
    await again.getByLabel('Your PIN').fill('1111');
    await again.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('list', { name: 'Team members' }).getByRole('heading', { name: 'Dana' }).waitFor();
    expect(await frame(page)).toEqual(look);
    await noViolations(page, 'manage team after a reload');

    // Back on /staff, signed out: the Staff button there signs a member in again.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await staffHome(page, 2);
    await page.getByRole('button', { name: 'Switch user' }).click();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    const staffSignIn = page.getByRole('dialog', { name: 'Staff sign-in' });
    await staffSignIn.getByLabel('Your PIN').fill('1111');
    await staffSignIn.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in: Chris').waitFor();
    expect(page.url()).toBe(`${own.baseUrl}/staff`);
    await noViolations(page, 'staff home, signed in');
    await context.close();
  }, 120_000);
});
