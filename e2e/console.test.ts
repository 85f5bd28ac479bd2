import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr, renderPdf } from '../apps/server/test/support/qr-read';
import { launchBrowser } from './browser';
import {
  CONSOLE_VIEWPORTS,
  consolePage,
  DEMO_SIGN_INS,
  mailedLink,
  noViolations,
  openDialog,
  shot,
  signIn,
  title,
} from './console';
import { openSettings, submitRegistration } from './device';
import { type OwnServer, startOwnServer } from './own-server';

// The operator console (apps/console) against the real server, on a server of its own: its journeys invite
// operators and change the demo's settings, which no other journey may see.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('console'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every signed-in screen of the owner, by address, with the title it shows. */
const SCREENS: [string, string | RegExp][] = [
  ['/console/', /^Welcome/],
  ['/console/company', 'Company settings'],
  ['/console/branches', 'Branches'],
  ['/console/branches/1', 'Demo Bistro Soho'],
  ['/console/branches/1/staff', 'Staff of Demo Bistro Soho'],
  ['/console/devices', 'Devices'],
  ['/console/links', 'Links & QR codes'],
  ['/console/alerts', 'Alerts'],
  ['/console/menu-import', 'Menu import'],
  ['/console/integrations', 'Integrations'],
  ['/console/webhooks', 'Webhooks'],
  ['/console/cases', 'Cases'],
  ['/console/operators', 'Operators'],
  ['/console/audit', 'Audit log'],
  ['/console/profile', 'Profile'],
];

const screenName = (path: string) => path.replace(/^\/console\/?/, '').replace(/\//g, '-') || 'home';

describe('the console', () => {
  it.each(CONSOLE_VIEWPORTS)('shows every screen without an axe violation at $width px', async (viewport) => {
    const { context, page } = await consolePage(browser, viewport);
    for (const [path, name] of [
      ['/console/sign-in', 'Sign in'],
      ['/console/forgot', 'Reset your password'],
      ['/console/link/not-a-real-token', 'This link no longer works'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await title(page, name);
      await noViolations(page, path);
      await shot(page, screenName(path));
    }
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    for (const [path, name] of SCREENS) {
      await page.goto(`${server.baseUrl}${path}`);
      await title(page, name);
      // The screen's data, not its loading state, is what is checked.
      await page.getByRole('status').first().waitFor({ state: 'detached' });
      expect(await page.getByRole('alert').count(), `${path} shows no failure`).toBe(0);
      await noViolations(page, path);
      await shot(page, screenName(path));
    }
    // Dialogs too: the operator invitation and the team member form.
    await page.goto(`${server.baseUrl}/console/operators`);
    await page.getByRole('button', { name: 'Invite operator' }).click();
    await page.getByRole('dialog', { name: 'Invite an operator' }).waitFor();
    await noViolations(page, 'invite dialog');
    await page.goto(`${server.baseUrl}/console/branches/1/staff`);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('dialog', { name: 'Add team member' }).waitFor();
    await noViolations(page, 'member dialog');
    await shot(page, 'member-dialog');
    // The operator's edit and remove dialogs, left without a change.
    await page.goto(`${server.baseUrl}/console/operators`);
    await page.getByRole('button', { name: 'Edit Sam Soho' }).click();
    const edit = await openDialog(page, 'Edit Sam Soho');
    await noViolations(page, 'operator edit dialog');
    await shot(page, 'operator-edit-dialog');
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove Sam Soho' }).click();
    const remove = await openDialog(page, 'Remove Sam Soho?');
    await noViolations(page, 'operator remove dialog');
    await shot(page, 'operator-remove-dialog');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });
    await context.close();
  });

  it('is used with the keyboard alone, the focus always visible', async () => {
    const { context, page } = await consolePage(browser);
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await title(page, 'Sign in');
    const email = page.getByRole('textbox', { name: /e-mail address/i });
    await tabUntil(page, email);
    await page.keyboard.type(DEMO_SIGN_INS.owner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_SIGN_INS.owner.password);
    await page.keyboard.press('Enter');
    await title(page, /^Welcome/);

    // The skip link first, then on to the navigation: each focus shows the accent's 3 px ring.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const devices = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Devices' });
    await tabUntil(page, devices);
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '3px', colour: 'rgb(194, 65, 12)' });
    await page.keyboard.press('Enter');
    await title(page, 'Devices');
    await context.close();
  });

  it('a dialog is used with the keyboard alone: Enter opens it, Tab stays in it, Escape closes it and the focus goes back', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    await page.goto(`${server.baseUrl}/console/operators`);
    await title(page, 'Operators');
    const opener = page.getByRole('button', { name: 'Remove Sam Soho' });
    await opener.waitFor();
    await tabUntil(page, opener);
    await page.keyboard.press('Enter');
    const dialog = await openDialog(page, 'Remove Sam Soho?');

    // Tab goes round the dialog's controls and never leaves it, each with the focus ring.
    const reached = new Set<string>();
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return {
          inDialog: Boolean(element.closest('[role="dialog"]')),
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
        };
      });
      expect(focused.inDialog, `Tab ${presses + 1} stays in the dialog`).toBe(true);
      expect((await focusRing(page)).width, `${focused.name} shows the focus`).toBe('3px');
      reached.add(focused.name);
    }
    expect([...reached].sort()).toEqual(['Cancel', 'Close', 'Remove']);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    // Escape removed nobody.
    await page.getByRole('row', { name: /Sam Soho/ }).waitFor();
    await context.close();
  });

  it('invites a manager by e-mail, who accepts, signs in and sees only branch 1', async () => {
    const owner = await consolePage(browser);
    await signIn(owner.page, server.baseUrl, DEMO_SIGN_INS.owner);
    await owner.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Operators' })
      .click();
    await title(owner.page, 'Operators');
    await owner.page.getByRole('button', { name: 'Invite operator' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invite an operator' });
    await dialog.getByRole('textbox', { name: /e-mail address/i }).fill('mia@demo.test');
    await dialog.getByRole('textbox', { name: /^name/i }).fill('Mia Manager');
    // The branches' search field grows as it is typed in: reached by the keyboard, as a person would.
    await dialog.getByRole('combobox', { name: /branches/i }).focus();
    await owner.page.keyboard.press('ArrowDown');
    await owner.page.getByRole('option', { name: 'Demo Bistro Soho' }).click();
    await owner.page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await owner.page.getByText('Invitation sent to mia@demo.test').waitFor();
    await owner.page
      .getByRole('row', { name: /Mia Manager/ })
      .getByText('Invited')
      .waitFor();

    // The mail's one-time link, opened by the manager in a browser of their own.
    const link = await mailedLink(server.dataDir, 'mia@demo.test');
    const manager = await consolePage(browser, CONSOLE_VIEWPORTS[1]);
    await manager.page.goto(link);
    await title(manager.page, 'Accept your invitation');
    await noViolations(manager.page, 'accept invitation');
    await shot(manager.page, 'accept-invitation');
    await manager.page.getByLabel(/^new password/i).fill('mia-manager-password');
    await manager.page.getByLabel(/^repeat the password/i).fill('mia-manager-password');
    await manager.page.getByRole('button', { name: 'Save and open the console' }).click();
    await title(manager.page, 'Welcome, Mia Manager');

    // Branch 1 only: the switcher offers it alone, and company-wide screens are not offered.
    await manager.page.getByRole('combobox', { name: 'Current branch' }).click();
    expect(await manager.page.getByRole('option').allTextContents()).toEqual(['Demo Bistro Soho']);
    await manager.page.keyboard.press('Escape');
    // On a tablet upright the navigation opens from the menu button.
    await manager.page.getByRole('button', { name: 'Open or close the menu' }).click();
    const nav = manager.page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Staff' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    await manager.page.goto(`${server.baseUrl}/console/operators`);
    await manager.page.getByRole('alert').getByText('Your role does not allow this.').waitFor();

    // The link is used up; the manager signs out and back in with the new password.
    await manager.page.goto(link);
    await title(manager.page, 'This link no longer works');
    await manager.page.goto(`${server.baseUrl}/console/`);
    await manager.page.getByRole('button', { name: 'Account of Mia Manager' }).click();
    await manager.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await title(manager.page, 'Sign in');
    await signIn(manager.page, server.baseUrl, { email: 'mia@demo.test', password: 'mia-manager-password' });

    // The owner sees the invitation accepted.
    await owner.page.reload();
    await owner.page.getByRole('row', { name: /Mia Manager/ }).waitFor();
    expect(
      await owner.page
        .getByRole('row', { name: /Mia Manager/ })
        .getByText('Invited')
        .count(),
    ).toBe(0);
    await owner.context.close();
    await manager.context.close();
  });
});

describe('setting up with the console', () => {
  it('adds a branch and a team member, rotates its passcode, registers a tablet with it and disables that tablet', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    await page.goto(`${server.baseUrl}/console/branches`);
    await page.getByRole('button', { name: 'Add branch' }).click();
    const add = await openDialog(page, 'Add a branch');
    await noViolations(page, 'add branch dialog');
    await add.getByRole('textbox', { name: /^name/i }).fill('Camden Yard');
    await add.getByRole('button', { name: 'Add branch' }).click();
    const added = await openDialog(page, 'Branch added');
    await added.getByText(/^[A-Za-z0-9]{4,}$/).waitFor();
    await noViolations(page, 'branch added dialog (its passcode shown once)');
    await shot(page, 'branch-added-dialog');
    await added.getByRole('button', { name: 'Open the branch' }).click();
    await title(page, 'Camden Yard');
    const branchId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // A new passcode, shown once.
    await page.getByRole('button', { name: 'Make a new passcode' }).click();
    const rotate = await openDialog(page, 'Make a new device passcode?');
    await noViolations(page, 'new passcode dialog');
    await rotate.getByRole('button', { name: 'Make a new passcode' }).click();
    const passcode = (await page.getByTestId('new-passcode').textContent()) ?? '';
    expect(passcode).not.toBe('');
    // Checked once the question has faded out: axe would judge its half-transparent text.
    await rotate.waitFor({ state: 'detached' });
    await noViolations(page, 'new passcode shown once');

    // A team member with the tablet's rules.
    await page.goto(`${server.baseUrl}/console/branches/${branchId}/staff`);
    await title(page, 'Staff of Camden Yard');
    await page.getByRole('button', { name: 'Add member' }).click();
    const member = page.getByRole('dialog', { name: 'Add team member' });
    await member.getByRole('textbox', { name: /display name/i }).fill('Jo');
    await member.getByRole('textbox', { name: /full name/i }).fill('Jo Brown');
    await member.getByRole('checkbox', { name: /express permission/i }).check();
    await member.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Jo Brown/ }).waitFor();

    // The tablet registers with the new passcode.
    const tablet = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    await tablet.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
    const tabletPage = await tablet.newPage();
    const deviceId = `console-${Date.now()}`;
    await submitRegistration(tabletPage, server.baseUrl, deviceId, { branchId, passcode });
    await tabletPage
      .getByRole('dialog', { name: 'Device registered' })
      .getByRole('button', { name: 'OK' })
      .click();
    await tabletPage.getByRole('heading', { level: 1, name: 'Camden Yard' }).waitFor();

    // The console lists it and disables it.
    await page.goto(`${server.baseUrl}/console/devices`);
    const name = `Tablet ${deviceId.slice(0, 8)}`;
    const row = page.getByRole('row', { name: new RegExp(`${name}.*Camden Yard`) });
    await row.getByText('Active').waitFor();
    await noViolations(page, 'devices with a tablet');
    await shot(page, 'devices-with-tablet');
    await row.getByRole('button', { name: `Disable ${name}` }).click();
    const disable = await openDialog(page, `Disable ${name}?`);
    await noViolations(page, 'disable device dialog');
    await shot(page, 'disable-device-dialog');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();

    // Its next call is refused: the tablet resets to /register and says why.
    await openSettings(tabletPage);
    await tabletPage.getByRole('button', { name: 'Download latest survey settings' }).click();
    await tabletPage.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
    await tabletPage
      .getByRole('alert')
      .filter({ hasText: /disabled|deactivated/ })
      .waitFor();
    await tablet.close();
    await context.close();
  });

  it('prints table cards whose QR code reads back as the table’s link', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    await page.goto(`${server.baseUrl}/console/links`);
    const card = page.getByRole('region').first();
    await card.getByRole('link', { name: 'Download QR (SVG)' }).waitFor();
    await card.getByRole('textbox', { name: /^tables/i }).fill('5');
    const href =
      (await card.getByRole('link', { name: 'Print table cards (PDF)' }).getAttribute('href')) ?? '';
    // The sheet as the browser downloads it, with the operator's session.
    const pdf = await page.request.get(`${server.baseUrl}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const { pages } = await renderPdf(Buffer.from(await pdf.body()));
    expect(pages).toHaveLength(1);
    const scanned = decodeQr((pages[0] as (typeof pages)[number]).pixels);
    const link = new URL(scanned ?? '');
    expect(link.origin).toBe(server.baseUrl);
    expect(Object.fromEntries(link.searchParams)).toEqual({ branchId: '1', tableId: '5', urlSrc: 'qr' });
    await context.close();
  });
});

/** Presses Tab until `target` has the focus (at most 30 times). */
async function tabUntil(page: Page, target: ReturnType<Page['locator']>) {
  for (let presses = 0; presses < 30; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** The outline the focused element shows. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
  });
