import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openSettings, registerTablet, signInStaff, tabletClient } from './device';
import { answerQuestions, heading, submitted } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 9: XSS payloads in every free-text field a guest or staff member fills, rendered on every screen
 * that shows them → 0 script executions. Each payload calls `window.__xss`, a trap set before the app
 * loads. The CSP (no inline scripts) would stop most of them even if markup got through, so the test
 * also fails on what would be the injection itself: a script-src violation the browser reports, an
 * element with an on* attribute, an `<img src=x>`, a script naming the trap, a `javascript:` URL in
 * any href/src/action. A probe at the start shows these detectors catch an injection.
 * A server of its own (fresh demo data): receipt 123457.
 */
const PAYLOADS = [
  '<img src=x onerror=__xss(1)>',
  '<script>__xss(2)</script>',
  'javascript:__xss(3)',
  '"><svg onload=__xss(4)>',
];
const ALL = PAYLOADS.join(' ');
/** The postcode takes 10 characters: markup that would show as bold if rendered as HTML. */
const POSTCODE = '<b>x</b>';

let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('xss');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

async function armedContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height: 900 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __xssHits: string[]; __xss: (n: unknown) => void };
    w.__xssHits = [];
    w.__xss = (n) => w.__xssHits.push(`executed ${String(n)}`);
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.violatedDirective.startsWith('script-src'))
        w.__xssHits.push(`blocked by CSP: ${event.violatedDirective} ${event.sample}`);
    });
    sessionStorage.setItem('venue-voice-install-modal-closed', '1');
  });
  return context;
}

/** What an injection left on the page: executions, blocked scripts, live markup, javascript: URLs. */
function findings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = [...(window as unknown as { __xssHits: string[] }).__xssHits];
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${tag} has ${name}`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          found.push(`${tag} ${name}=${attribute.value}`);
      }
      if (tag === 'img' && element.getAttribute('src') === 'x') found.push('img src=x');
      if (tag === 'script' && element.textContent?.includes('__xss')) found.push('script with the payload');
      if (tag === 'b' && element.textContent === 'x') found.push('<b> from the postcode');
    }
    return found;
  });
}

const clean = async (page: Page, screen: string) => expect(await findings(page), screen).toEqual([]);

/** The payload is on screen as text (so the screen really rendered it, escaped). */
const shownAsText = async (page: Page, text: string) =>
  expect(await page.evaluate((t) => (document.body.textContent ?? '').includes(t), text)).toBe(true);

describe('XSS payloads in free text (issue 9)', () => {
  let memberId = 0;

  it('the detectors catch an injection (probe)', async () => {
    const context = await armedContext(390);
    const page = await context.newPage();
    await page.goto(`${own.baseUrl}/privacy`);
    await heading(page, 'Privacy notice');
    await clean(page, 'privacy page before the probe');
    await page.evaluate((html) => {
      const probe = document.createElement('div');
      probe.innerHTML = html;
      document.body.append(probe);
    }, PAYLOADS[0] as string);
    await expect
      .poll(() => findings(page))
      .toEqual(
        expect.arrayContaining([
          'img has onerror',
          'img src=x',
          expect.stringMatching(/^blocked by CSP: script-src/),
        ]),
      );
    await context.close();
  });

  it('staff names through the API: the Manage team screen shows them as text', async () => {
    const context = await armedContext(1024);
    const page = await context.newPage();
    await registerTablet(page, own.baseUrl, `e2e-xss-${Date.now()}`, { installModal: false });
    const { client } = await tabletClient(page, own.baseUrl);
    ({ id: memberId } = await client.manage.addStaff(
      {
        displayName: PAYLOADS[0] as string,
        fullName: ALL,
        pinCode: '4813',
        weight: 60,
        teamId: 0,
        status: 1,
        hasSettingsAccess: false,
      },
      { staffPin: '1111' },
    ));
    expect(memberId).toBeGreaterThan(0);

    // Alex (PIN 1111, settings access) opens Manage team.
    await signInStaff(page, '1111');
    const settings = await openSettings(page);
    await clean(page, 'settings');
    await settings.getByRole('button', { name: 'Manage team' }).click();
    const grid = page.getByRole('list', { name: 'Team members' });
    await grid.waitFor();
    await grid
      .getByText(PAYLOADS[0] as string)
      .first()
      .waitFor();
    await clean(page, 'manage team');
    await grid.getByRole('button', { name: `Edit ${PAYLOADS[0]}` }).click();
    const form = page.getByRole('dialog').filter({ has: page.getByLabel('Full name') });
    await form.waitFor();
    expect(await form.getByLabel('Full name').inputValue()).toBe(ALL);
    await clean(page, 'member form');

    // The new member signs in: the staff home (its status panel) names them.
    await page.goto(`${own.baseUrl}/staff`);
    await signInStaff(page, '4813');
    await page.getByText(`Signed in: ${PAYLOADS[0]}`).waitFor();
    await page.getByRole('region', { name: 'App status' }).waitFor();
    await clean(page, 'staff home and status panel');
    await context.close();
  });

  it('a guest: why, postcode, comments, contact name, review text; staff question, checkout, recommend, share, thank-you', async () => {
    expect(memberId, 'the staff test ran first').toBeGreaterThan(0);
    const context = await armedContext(390);
    const page = await context.newPage();
    await page.goto(`${own.baseUrl}/demo-bistro/123457?branchId=1`);
    await page.getByRole('button', { name: 'Start' }).click();
    await answerQuestions(
      page,
      async (screen) => {
        if (screen === 'staff') {
          await page
            .getByText(PAYLOADS[0] as string)
            .first()
            .waitFor();
          await clean(page, 'staff question');
        }
        if (screen === 'comments' || screen === 'demographics') await clean(page, screen);
      },
      { why: ALL, postcode: POSTCODE, comments: ALL },
    );
    await submitted(page);
    await clean(page, 'checkout');

    const form = page.getByRole('region', { name: 'Stay in touch' });
    await form.getByRole('textbox', { name: 'Name' }).fill(ALL.slice(0, 200));
    await form.getByRole('textbox', { name: 'Email' }).fill('xss.guest@example.com');
    await form.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }).check();
    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/survey/submit') &&
        response.request().postDataJSON()?.type === 'supplement',
    );
    await form.getByRole('button', { name: 'Continue' }).click();
    expect((await sent).status()).toBe(200);
    await clean(page, 'after data capture');

    // The review suggestion is built from the answers (the comments among them).
    await page.goto(`${own.baseUrl}/recommend`);
    await heading(page, 'Recommend us');
    const box = page.getByRole('textbox', { name: 'Your review' });
    await expect.poll(() => box.inputValue()).toMatch(/\S/);
    await clean(page, 'recommend');
    await box.fill(`${await box.inputValue()} ${ALL}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await heading(page, 'Share your experience');
    await page
      .getByRole('region', { name: 'Your review' })
      .getByText(PAYLOADS[1] as string, { exact: false })
      .waitFor();
    await shownAsText(page, PAYLOADS[3] as string);
    await clean(page, 'share');

    await page.goto(`${own.baseUrl}/thank-you`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await clean(page, 'thank-you');
    await context.close();
  });
});
