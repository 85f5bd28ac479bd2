/**
 * Issue 26 items 1, 2 and 5 in a guest's browser: a receipt already used is said at check-in and a
 * refused submit leaves a way on (decision 0174); demo-table looks table numbers up, with the table
 * answers of the catalogue (0175); the digital receipt, its flag turned on, shows every label (0175).
 * A server of its own: the table journey's wrong numbers count against this address's lookups
 * (decision 0051), and its receipts and table 12 are rated here, so no other journey may share them.
 */
import type { CreatePayload } from '@venue-voice/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openVenue } from './browser';
import {
  answerDemoBistro,
  answerQuestions,
  checkInWithPin,
  group,
  heading,
  next,
  submitted,
} from './journey';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

let server: OwnServer | undefined;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('lookups');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const origin = () => {
  if (!server) throw new Error('No server');
  return server.baseUrl;
};

async function openPhone(): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

/** The screen is accessible (axe finds nothing), a full-page screenshot saved (e2e/shots.ts). */
async function checkScreen(page: Page, shot: string): Promise<void> {
  expect(await accessibilityViolations(page), shot).toEqual([]);
  await screenshot(page, `checkin-lookups-${shot}`, { fullPage: true });
}

/** The payload of every create the page sends. */
function watchCreates(page: Page): CreatePayload[] {
  const creates: CreatePayload[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/v1/survey/submit')) return;
    const body = request.postDataJSON();
    if (body?.type === 'create') creates.push(body.payload);
  });
  return creates;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('the digital receipt, its flag on (item 5)', () => {
  it('a PIN link shows the order with description, price, discount, service charge, server, table and total', async () => {
    const page = await openPhone();
    // The demo company keeps the feature off (G2: "currently off"): the config answer turns it on here.
    await page.route('**/api/v1/survey/config?**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.core.features.digitalReceipt = true;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${origin()}/demo-bistro/123456?branchId=1`);
    await heading(page, 'Your receipt');
    expect(new URL(page.url()).pathname).toBe('/check_in/digital_receipt');

    const terms = await page.getByRole('term').allTextContents();
    const values = await page.getByRole('definition').allTextContents();
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      'Table number': '7',
      Server: 'Priya',
    });
    const receipt = page.getByRole('table', { name: 'Your receipt' });
    expect(await receipt.getByRole('columnheader').allTextContents()).toEqual(['Description', 'Price']);
    const rows = (await receipt.getByRole('row').allTextContents()).map((row) => row.replace(/\s+/g, ' '));
    expect(rows).toEqual([
      'DescriptionPrice',
      'Tomato soup£9.00',
      'Beef burger£24.50',
      'Spaghetti carbonara£21.00',
      'Cola£4.50',
      'House red glass£12.50',
      'Discount-£7.15',
      'Service charge£8.04',
      'Total£72.39',
    ]);
    await checkScreen(page, 'receipt');

    // The order's time is the visit and its venue the branch: on to the questions.
    await button(page, 'Continue').click();
    await page.waitForURL(`${origin()}/questions`);
    await page.context().close();
  });
});

describe('demo-table: table numbers looked up (item 2)', () => {
  it("every table answer the demo gives, then table 12's open check, rated end to end", async () => {
    const page = await openPhone();
    const creates = watchCreates(page);
    await openVenue(page, `${origin()}/demo-table`);
    await heading(page, 'What is your table number?');
    expect(new URL(page.url()).pathname).toBe('/check_in/guest_table_number_entry');
    const venue = page.getByRole('combobox', { name: 'Where did you visit?' });
    expect(await venue.getByRole('option').allTextContents()).toEqual([
      'Choose your venue',
      'Demo Bistro Soho',
      'Demo Pop-up Shoreditch',
    ]);
    const table = page.getByRole('textbox', { name: 'Table number' });
    const expectMessage = async (text: string, value: string) => {
      await table.fill(value);
      await button(page, 'Continue').click();
      await page.getByText(text, { exact: true }).waitFor();
      expect(await table.getAttribute('aria-invalid')).toBe('true');
    };

    await venue.selectOption({ label: 'Demo Bistro Soho' });
    await expectMessage('Please enter your table number so we can find your order', 'twelve');
    await expectMessage('No transaction data available for the table number', '7');
    await checkScreen(page, 'table-1-no-data');
    await expectMessage('The table number was not the correct length', '12345');
    await venue.selectOption({ label: 'Demo Pop-up Shoreditch' });
    await expectMessage('An invalid table number was provided (Error: 1)', '12');
    await checkScreen(page, 'table-2-no-account');

    // Table 12 at Soho: the open check is found behind the loading modal, and the questions follow.
    await venue.selectOption({ label: 'Demo Bistro Soho' });
    const lookup = page.waitForResponse((r) => r.url().includes('/api/v1/survey/transaction'));
    await table.fill('12');
    await button(page, 'Continue').click();
    expect((await lookup).status()).toBe(200);
    await page.waitForURL(`${origin()}/questions`);
    await heading(page, 'How was your meal?');
    for (const name of ['Food', 'Service']) {
      await group(page, name)
        .getByRole('radio', { name: /^4 out of 5/ })
        .check({ force: true });
    }
    await next(page).click();
    await page.getByRole('textbox', { name: 'Anything we could do better?' }).fill('Quicker chips');
    await next(page).click();
    // The company's "About you" questions, when the survey shows them, are optional.
    const after = page.getByRole('heading', { level: 1, name: /^(About you|Your feedback has been sent)$/ });
    if ((await after.textContent()) === 'About you') await next(page).click();
    await submitted(page);
    await heading(page, 'Your feedback has been sent');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ pinCode: '2', url_params: { table_id: '12' } });
    expect(creates[0]?.transaction?.check).toMatchObject({ covers: 4, tableNumber: '12' });
    await page.context().close();

    // The next guest at table 12: its check is rated now, and the check-in says so.
    const second = await openPhone();
    await openVenue(second, `${origin()}/demo-table`);
    await second
      .getByRole('combobox', { name: 'Where did you visit?' })
      .selectOption({ label: 'Demo Bistro Soho' });
    await second.getByRole('textbox', { name: 'Table number' }).fill('12');
    await button(second, 'Continue').click();
    await second.getByText('The order at this table has already been used for feedback').waitFor();
    expect(new URL(second.url()).pathname).toBe('/check_in/guest_table_number_entry');
    await second.context().close();
  });

  it('a table link that is not a number opens table entry with the result in table wording', async () => {
    const page = await openPhone();
    await page.goto(`${origin()}/demo-table?branchId=1&tableId=abc`);
    const table = page.getByRole('textbox', { name: 'Table number' });
    await table.waitFor();
    expect(await table.inputValue()).toBe('abc');
    await page.getByText('An invalid table number was provided', { exact: true }).waitFor();
    await checkScreen(page, 'table-3-link');
    await page.context().close();
  });
});

describe('a receipt already used (item 1)', () => {
  it('a guest whose receipt another rated first sends without it; the next is told at check-in', async () => {
    const baseUrl = origin();
    // Guest B checks in with receipt 123457 while nobody has used it yet.
    const late = await openPhone();
    const creates = watchCreates(late);
    await checkInWithPin(late, baseUrl, '123457');

    // Guest A rates the same receipt first.
    const first = await openPhone();
    await answerDemoBistro(first, baseUrl, '123457');
    await submitted(first);
    await first.context().close();

    // B answers everything: the submit is refused (409 10031), and B is not left without a way on.
    const refused = late.waitForResponse((r) => r.url().endsWith('/api/v1/survey/submit'));
    await answerQuestions(late);
    expect((await refused).status()).toBe(409);
    await heading(late, 'Your feedback was not sent');
    await late
      .getByRole('alert')
      .getByText(
        'This receipt has already been used for feedback. You can still send your feedback without it.',
      )
      .waitFor();
    await button(late, 'Finish without sending').waitFor();
    await checkScreen(late, 'used-1-refused');
    await button(late, 'Send without the receipt').click();
    await submitted(late);
    await heading(late, 'Your feedback has been sent');
    expect(creates.map((c) => [c.guid, c.pinCode, 'transaction' in c])).toEqual([
      [creates[0]?.guid, '3', true],
      [creates[0]?.guid, '', false],
    ]);
    await late.context().close();

    // Guest C types the used receipt: the check-in says so before any question.
    const next = await openPhone();
    await openVenue(next, `${baseUrl}/demo-bistro`);
    await next
      .getByRole('combobox', { name: 'Where did you visit?' })
      .selectOption({ label: 'Demo Bistro Soho' });
    const pin = next.getByRole('textbox', { name: 'Receipt PIN' });
    await pin.fill('123457');
    const answer = next.waitForResponse((r) => r.url().includes('/api/v1/survey/transaction'));
    await button(next, 'Continue').click();
    expect((await answer).status()).toBe(409);
    await next.getByText('This receipt has already been used for feedback', { exact: true }).waitFor();
    expect(await pin.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(next.url()).pathname).toBe('/check_in/guest_receipt_pin_entry');
    await checkScreen(next, 'used-2-check-in');

    // A link with the used receipt opens PIN entry saying so, not a server problem.
    await next.goto(`${baseUrl}/demo-bistro/123457?branchId=1`);
    await next.getByText('This receipt has already been used for feedback', { exact: true }).waitFor();
    expect(await next.getByRole('textbox', { name: 'Receipt PIN' }).inputValue()).toBe('123457');
    await next.context().close();
  }, 120_000);
});
