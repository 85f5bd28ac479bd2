import type { CreatePayload } from '@venue-voice/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startUpload } from './browser';
import {
  answerOffline,
  noViolations,
  openSettings,
  openStaffSignIn,
  registerTablet,
  staffHome,
  startSurvey,
  storedQueue,
  submitResults,
  tabletClient,
} from './device';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 6's tablet journeys not covered by device-register/-queue/-pwa: five surveys kept offline
 * through a reload, an upload whose server dies after storing the batch but before answering, the
 * restart and the second upload (every response stored once); the staff PIN sign-in and its lock;
 * axe on each screen. A server of its own (fresh data): receipts 123457–123461 are free here.
 */
const RECEIPTS = ['123457', '123458', '123459', '123460', '123461'];
let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('device-journeys');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/** From /staff: the receipt PIN online, then the questions and the submit with the tablet offline. */
async function surveyOffline(context: BrowserContext, page: Page, receipt: string, check: boolean) {
  await answerOffline(context, page, own.baseUrl, receipt);
  if (check) await noViolations(page, 'saved on the tablet');
  await context.setOffline(false);
}

describe('tablet journeys (issue 6)', () => {
  it('five surveys offline survive a reload; the server dies mid-upload; after its restart each is stored once', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    // Until the first upload, submits fail as with no connection (the check-ins still need the server).
    let phase: 'holding' | 'kill' | 'killing' | 'open' = 'holding';
    const answers: { guid: string; id: number; payload: CreatePayload }[] = [];
    await page.route('**/api/v1/survey/submit**', async (route) => {
      if (phase === 'holding') return route.abort('internetdisconnected');
      if (phase === 'kill') {
        // The batch reaches the server and is stored; the server dies before the tablet hears back.
        phase = 'killing';
        const response = await route.fetch();
        expect(response.status()).toBe(200);
        await own.down();
        phase = 'open';
        return route.abort('connectionreset');
      }
      if (phase === 'killing') return route.abort('connectionrefused');
      const response = await route.fetch().catch(() => null);
      // A batch sent while the server is down fails like a lost connection.
      if (!response) return route.abort('connectionrefused');
      const body = await response.json();
      for (const item of submitResults(route.request(), response.status(), body))
        if (item.type === 'create' && item.status === 200 && item.data)
          answers.push({ guid: item.payload.guid, id: item.data.id, payload: item.payload });
      await route.fulfill({ response, json: body });
    });
    await registerTablet(page, own.baseUrl, `e2e-journeys-${Date.now()}`, { checkForm: true });
    await noViolations(page, 'staff home');
    await openSettings(page);
    await noViolations(page, 'settings');
    await page.getByRole('button', { name: 'Download latest survey settings' }).click();
    const done = page.getByRole('dialog', { name: 'Congratulations' });
    await done.getByText('The latest survey settings have been downloaded.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await done.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Download menu products' }).click();
    await done.getByText('The menu has been downloaded.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();

    for (const [index, receipt] of RECEIPTS.entries()) {
      await page.goto(`${own.baseUrl}/staff`);
      await staffHome(page);
      expect(await page.getByRole('dialog', { name: 'Install the app' }).count()).toBe(0);
      await surveyOffline(context, page, receipt, index === 0);
    }
    await page.reload();
    const kept = (await storedQueue(page)).items.filter((item) => item.type === 'submit');
    const guids = [...new Set(kept.map((item) => item.response))].sort();
    expect(guids).toHaveLength(5);

    phase = 'kill';
    await page.goto(`${own.baseUrl}/staff`);
    await staffHome(page);
    await openSettings(page);
    const upload = page.getByRole('button', { name: /^Upload completed surveys/ });
    // The queue may start sending on its own at app start; either way the first batch kills the server.
    await startUpload(upload);
    await expect.poll(() => phase, { timeout: 20_000 }).toBe('open');
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 20_000 }).toBe(5);

    await own.up();
    await page.goto(`${own.baseUrl}/staff`);
    await staffHome(page);
    await openSettings(page);
    await startUpload(upload);
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 30_000 }).toBe(0);
    expect((await storedQueue(page)).attention).toEqual([]);

    // Each guid got one id, five ids in all, and sending any again answers that same response.
    expect([...new Set(answers.map((answer) => answer.guid))].sort()).toEqual(guids);
    const ids = new Map(answers.map((answer) => [answer.guid, answer.id]));
    expect(new Set(ids.values()).size).toBe(5);
    const { client } = await tabletClient(page, own.baseUrl);
    for (const answer of answers)
      expect((await client.survey.create(answer.payload, 1)).id).toBe(ids.get(answer.guid));
    await context.close();
  }, 300_000);

  it('staff sign in with their PIN; five wrong PINs lock sign-in, and a reload keeps it locked', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await registerTablet(page, own.baseUrl, `e2e-staff-${Date.now()}`, { checkForm: true });
    // A guest's screen (the survey's first step) carries the Staff button; branch 1 has staff PINs on.
    await startSurvey(page);
    await page.getByRole('textbox', { name: 'Receipt PIN' }).waitFor();
    const { modal, signIn } = await openStaffSignIn(page);
    await noViolations(page, 'staff PIN modal');
    await signIn('3333');
    await modal.getByText('Inactive team member').waitFor();
    await signIn('1111');
    await staffHome(page);
    await page.getByText('Signed in: Alex').waitFor();
    await noViolations(page, 'staff home, signed in');
    await page.getByRole('button', { name: 'Switch user' }).click();
    await page.getByText('Signed in: Alex').waitFor({ state: 'detached' });

    await startSurvey(page);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    for (const pin of ['9991', '9992', '9993', '9994']) {
      await signIn(pin);
      await modal.getByText('Invalid PIN').waitFor();
    }
    await signIn('9995');
    await modal
      .getByRole('alert')
      .getByText(/Sign-in is locked; try again in [45]:\d\d/)
      .waitFor();
    await noViolations(page, 'staff sign-in locked');
    await page.reload();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await modal
      .getByRole('alert')
      .getByText(/Sign-in is locked/)
      .waitFor();
    expect(await modal.getByLabel('Your PIN').isDisabled()).toBe(true);
    await context.close();
  }, 120_000);

  it('a survey left alone counts down (a touch carries on), then the tablet goes back to the staff home', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    // The page's clock runs on its own, and the test jumps it forward instead of waiting minutes.
    await context.clock.install();
    const page = await context.newPage();
    await registerTablet(page, own.baseUrl, `e2e-idle-${Date.now()}`, { checkForm: true });
    await startSurvey(page);
    await page.getByRole('textbox', { name: 'Receipt PIN' }).waitFor();
    const countdown = page.getByRole('dialog', { name: 'Are you still there?' });
    // Default idle time, 3 minutes: the countdown shows for the last 20 seconds.
    await page.clock.fastForward(165_000);
    await countdown.getByText(/This survey closes in 1\d seconds/).waitFor();
    await noViolations(page, 'idle countdown');
    await countdown.getByRole('button', { name: 'Carry on' }).click();
    await countdown.waitFor({ state: 'detached' });
    await page.clock.fastForward(170_000);
    await countdown.waitFor();
    await page.clock.fastForward(15_000);
    await page.waitForURL(`${own.baseUrl}/staff`);
    await staffHome(page);
    await context.close();
  }, 120_000);
});
