import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTill } from '../apps/server/src/cli/till-simulate';
import { type ReceivedMail, type SmtpListener, startSmtpListener } from '../apps/server/test/support/mail';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, noViolations, shot, signIn, title } from './console';
import { complainAboutTheFood, heading, next } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

// Issue 30's journey in Chromium against the real server, its mail on a real SMTP listener on loopback:
// `till:simulate` sends a check for branch 1; a guest enters its receipt PIN, rates the food 2 (the
// drill-down raises a complaint) and a dish "Bad", and agrees to be contacted; the manager of branch 1,
// who has a complaint rule, receives the alert mail, opens the case from its link, replies to the guest
// (the reply arrives on the listener too) and resolves the case.
let server: OwnServer;
let browser: Browser;
let smtp: SmtpListener;

const MANAGER = DEMO_SIGN_INS.manager;
const GUEST = 'e2e.till.guest@example.com';

/** The first mail the listener has to `to` (waiting for it): the server sends its mails in the background. */
async function mailTo(to: string, limitMs = 60_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return mail;
    if (Date.now() - started > limitMs) throw new Error(`No mail to ${to} in ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The manager's complaint rule for branch 1, made through the console API as the manager. */
async function complaintRule(baseUrl: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const session = await fetch(`${baseUrl}/api/v1/console/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: MANAGER.email, password: MANAGER.password }),
  });
  expect(session.status).toBe(200);
  const { data } = (await session.json()) as { data: { operator: { id: number } } };
  const cookie = (session.headers.getSetCookie().find((c) => c.startsWith('vv_console=')) ?? '').split(
    ';',
  )[0];
  const made = await fetch(`${baseUrl}/api/v1/console/alert-rules`, {
    method: 'POST',
    headers: { ...headers, cookie: cookie ?? '' },
    body: JSON.stringify({
      name: 'Complaints at Soho',
      kind: 'complaint',
      branchId: 1,
      recipientIds: [data.operator.id],
    }),
  });
  expect(made.status, await made.clone().text()).toBe(201);
}

/** The guest's walk with the receipt's PIN: food 2 and its drill-down, one dish Bad, contact agreed. */
async function unhappyGuest(page: Page, baseUrl: string, pin: string): Promise<void> {
  await complainAboutTheFood(page, baseUrl, pin, {
    what: 'The main course came cold',
    // The till's check has the dishes (chosen at random by till:simulate): the first one is rated Bad.
    rateDish: async (screen) => {
      await screen.getByRole('button', { name: 'Bad' }).first().click();
      const dish = screen.getByRole('dialog');
      await dish.waitFor();
      await dish.getByRole('button', { name: 'Done' }).click();
      await dish.waitFor({ state: 'detached' });
    },
  });
  await heading(page, 'About you');
  await next(page).click();
  await heading(page, 'Your feedback has been sent');
  const sorry = page.getByRole('region', { name: 'We are sorry' });
  await sorry
    .getByRole('group', { name: 'May Demo Bistro contact you about it?' })
    .getByRole('radio', { name: 'Yes, please contact me' })
    .check();
  await sorry.getByRole('textbox', { name: 'Name' }).fill('Tilly Guest');
  await sorry.getByRole('textbox', { name: /e-?mail/i }).fill(GUEST);
  await sorry.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }).check();
  await sorry.getByRole('button', { name: 'Continue' }).click();
  await sorry
    .getByRole('group', { name: 'May Demo Bistro contact you about it?' })
    .waitFor({ state: 'detached' });
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([
    startOwnServer('till-alert-case', { SMTP_URL: smtp.url }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('from the till to a resolved case', () => {
  it('a simulated check, a complaint on its PIN, the alert mail, the case replied to and resolved', async () => {
    await complaintRule(server.baseUrl);
    const lines: string[] = [];
    const [check] = await simulateTill({
      url: server.baseUrl,
      email: DEMO_SIGN_INS.owner.email,
      password: DEMO_SIGN_INS.owner.password,
      checksPerBranch: 1,
      branchIds: [1],
      log: (line) => lines.push(line),
    });
    expect(check?.pin).toMatch(/^\d{6}$/);
    expect(lines.join('\n')).toContain(check?.pin ?? '-');

    const guest = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    await unhappyGuest(await guest.newPage(), server.baseUrl, check?.pin ?? '');
    await guest.close();

    const alert = await mailTo(MANAGER.email);
    expect(alert.text).toContain('Complaints at Soho');
    expect(alert.text).toContain('The main course came cold');
    const caseLink = /https?:\/\/\S+\/console\/cases\/\d+/.exec(alert.text)?.[0];
    expect(caseLink, alert.text).toBeDefined();

    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, MANAGER);
    await page.goto(caseLink ?? '');
    await title(page, /^Case \d+/);
    const reply = page.getByRole('region', { name: 'Reply to the guest' });
    await reply.getByText(`To: ${GUEST}`).waitFor();
    await noViolations(page, 'case from the alert');
    await reply.getByRole('textbox', { name: 'Message' }).fill('Sorry about the cold main. Dinner is on us.');
    await reply.getByRole('button', { name: 'Send the reply' }).click();
    const history = page.getByRole('region', { name: 'Notes and history' });
    await history.getByText(`Sam Soho replied to ${GUEST}`).waitFor();
    const answer = await mailTo(GUEST);
    expect(answer.text).toContain('Dinner is on us.');

    const manage = page.getByRole('region', { name: 'Status, owner and due date' });
    await manage.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
    await manage.getByRole('button', { name: 'Save changes' }).click();
    await history.getByText('Sam Soho set the status to Resolved').waitFor();
    await shot(page, 'case-from-till');
    await context.close();
  });
});
