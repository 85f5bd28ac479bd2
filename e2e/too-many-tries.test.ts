/**
 * Issue 26 item 3: after too many failed tries the guest (receipt lookup) and the venue's staff (tablet
 * registration) are told so, and when to try again, instead of "a problem with the server response".
 * A server of its own: five failed guesses lock this address out of the demo survey's lookups for up to
 * 30 minutes (decision 0051), which would stop every other journey on the shared server.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openVenue } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/** Any demo receipt: this server's data is its own (README: demo receipts). */
const RIGHT_PIN = '123456';
const TOO_MANY = /^Too many tries\. Please try again in (\d+) minutes?\.$/;
let server: OwnServer | undefined;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('tries');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPhone(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  return context.newPage();
}

describe('too many tries (issue 26 item 3, decision 0051)', () => {
  it('the receipt PIN: five wrong guesses, then the right PIN is refused with when to try again', async () => {
    if (!server) throw new Error('No server');
    const { baseUrl } = server;
    const page = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    await page
      .getByRole('combobox', { name: 'Where did you visit?' })
      .selectOption({ label: 'Demo Bistro Soho' });
    const pin = page.getByRole('textbox', { name: 'Receipt PIN' });
    for (const guess of ['999990', '999991', '999992', '999993', '999994']) {
      await pin.fill(guess);
      const answer = page.waitForResponse((response) => response.url().includes('/survey/transaction'));
      await page.getByRole('button', { name: 'Continue' }).click();
      expect((await answer).status()).toBe(200);
      await page.getByText('An invalid PIN was provided').waitFor();
    }
    await pin.fill(RIGHT_PIN);
    const refused = page.waitForResponse((response) => response.url().includes('/survey/transaction'));
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await refused).status()).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: 'Too many tries' });
    await alert.waitFor();
    const minutes = Number(TOO_MANY.exec((await alert.textContent())?.trim() ?? '')?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(new URL(page.url()).pathname).toBe('/check_in/guest_receipt_pin_entry');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `too-many-tries-pin`, { fullPage: true });
    await page.context().close();
  });

  it('the tablet registration: five wrong passcodes, then the right one is refused with when to try again', async () => {
    if (!server) throw new Error('No server');
    const { baseUrl } = server;
    const page = await openPhone();
    const fill = async (passcode: string) => {
      const fields: Record<string, string> = {
        'Company key': 'demo',
        'Branch id': '1',
        'Device id': 'tries-1',
        'Device passcode': passcode,
        'Settings passcode': '2468',
        'Confirm settings passcode': '2468',
      };
      for (const [label, value] of Object.entries(fields))
        await page.getByLabel(label, { exact: true }).fill(value);
      const answer = page.waitForResponse((response) => response.url().includes('/device/register'));
      await page.getByRole('button', { name: 'Register device' }).click();
      return (await answer).status();
    };
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
    for (const wrong of ['bad01', 'bad02', 'bad03', 'bad04', 'bad05']) {
      expect(await fill(wrong)).toBe(401);
      // Each failure waits in the error queue until it is acknowledged.
      const failed = page.getByRole('alert').filter({ hasText: 'Device Registration Failed' });
      await failed.getByRole('button', { name: 'OK' }).click();
      await failed.waitFor({ state: 'detached' });
    }
    expect(await fill('demo1')).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: 'Too many tries' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Device Registration Failed: Too many tries\. Please try again in \d+ minutes?\./,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
