/**
 * Issue 25, decision 0169: a venue address's first check-in step comes rendered from the server, paints
 * without JavaScript, and is hydrated by the browser with no mismatch (the production build reports
 * a hydration it had to redo through main.tsx's onRecoverableError, logged to the console).
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openPhone(javaScriptEnabled: boolean): Promise<{ page: Page; messages: string[] }> {
  const context = await browser.newContext({
    javaScriptEnabled,
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const messages: string[] = [];
  const keep = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  };
  page.on('console', keep);
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return { page, messages };
}

describe('the first screen without JavaScript (issue 25)', () => {
  it('/demo-bistro shows the PIN screen with its heading and the venue choice in the HTML', async () => {
    const { page } = await openPhone(false);
    const answer = await page.goto(`${baseUrl}/demo-bistro`);
    const html = (await answer?.text()) ?? '';
    expect(html).toContain('<h1>Enter your receipt PIN</h1>');
    expect(html).toContain('Where did you visit?');
    expect(await page.title()).toBe('Receipt PIN · Venue Voice');
    await page.getByRole('heading', { level: 1, name: 'Enter your receipt PIN' }).waitFor();
    const venue = page.getByRole('combobox', { name: 'Where did you visit?' });
    expect(await venue.locator('option').allTextContents()).toEqual([
      'Choose your venue',
      'Demo Bistro Manchester',
      'Demo Bistro Soho',
    ]);
    await screenshot(page, `first-screen-no-js`, { fullPage: true });

    // Pressed before the app runs: nothing is sent and the page stays, with what was typed.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const pin = page.getByRole('textbox', { name: 'Receipt PIN' });
    await pin.fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForTimeout(300);
    expect(documents).toEqual([]);
    expect(await pin.inputValue()).toBe('123456');
    await page.context().close();
  });

  it('/demo-cafe shows the table number screen', async () => {
    const { page } = await openPhone(false);
    await page.goto(`${baseUrl}/demo-cafe`);
    await page.getByRole('heading', { level: 1, name: 'What is your table number?' }).waitFor();
    await page.context().close();
  });

  it('an unknown venue ends on /error-404', async () => {
    const { page } = await openPhone(false);
    const answer = await page.goto(`${baseUrl}/no-such-venue`);
    expect(new URL(page.url()).pathname).toBe('/error-404');
    expect(answer?.status()).toBe(200);
    await page.context().close();
  });
});

describe('the browser hydrates the server render (issue 25)', () => {
  it.each([
    ['/demo-bistro', '/check_in/guest_receipt_pin_entry', 'Enter your receipt PIN', 'Required'],
    [
      '/demo-cafe',
      '/check_in/guest_table_number_entry',
      'What is your table number?',
      'Please enter your table number so we can find your order',
    ],
  ])(
    '%s: hydrated as rendered, no warning, and the screen answers',
    async (address, step, heading, refusal) => {
      const { page, messages } = await openPhone(true);
      await page.goto(`${baseUrl}${address}`);
      // The browser takes the address its own setup would have gone to, in the task that hydrates.
      await page.waitForURL((url) => url.pathname === step);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Hydrated: React's own checks answer the press (a page that only looked ready would reload).
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText(refusal).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(step);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(messages).toEqual([]);
      await page.context().close();
    },
  );
});
