import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openVenue } from './browser';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page (390 px wide: mobile first) in a context of its own. */
async function openPhone(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 390, height: 844 },
    ...options,
  });
  return context.newPage();
}

/** Each screen: its heading shows, axe finds nothing, a full-page screenshot saved (e2e/shots.ts). */
async function checkScreen(
  page: Page,
  heading: string,
  shot: string,
  { fullPage = true } = {},
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await accessibilityViolations(page), heading).toEqual([]);
  await screenshot(page, `checkin-${shot}`, { fullPage });
}

const path = (page: Page) => new URL(page.url()).pathname;
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

describe('check-in: demo-bistro with a receipt PIN', () => {
  // Receipt 123462: no journey on the shared server rates it, and a rated receipt is refused at
  // check-in (decision 0174); guest-journey rates 123456 and may run first.
  it('asks the venue and the PIN; 999999 has no order, 123462 finds it behind the loading modal', async () => {
    const page = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    await checkScreen(page, 'Enter your receipt PIN', 'pin-1-entry');
    expect(await page.title()).toBe('Receipt PIN · Venue Voice');
    expect(new URL(page.url()).search).toBe('?slug=demo-bistro');

    // Two venues share the survey and a PIN is unique only within one: the venue comes first.
    await button(page, 'Continue').click();
    const venue = page.getByRole('combobox', { name: 'Where did you visit?' });
    const pin = page.getByRole('textbox', { name: 'Receipt PIN' });
    await page.getByText('Required').first().waitFor();
    await checkScreen(page, 'Enter your receipt PIN', 'pin-2-required');
    await venue.selectOption({ label: 'Demo Bistro Soho' });

    await pin.fill('999999');
    await button(page, 'Continue').click();
    await page.getByText('No transaction data available for the PIN').waitFor();
    expect(await pin.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'Enter your receipt PIN', 'pin-3-no-data');

    await pin.fill('12345');
    await button(page, 'Continue').click();
    await page.getByText('The PIN was not the correct length').waitFor();

    // Hold the lookup to see the loading modal with its message.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/survey/transaction**', async (route) => {
      await held;
      await route.continue();
    });
    await pin.fill('123462');
    await button(page, 'Continue').click();
    const modal = page.getByRole('dialog', { name: 'Finding your order' });
    await modal.waitFor();
    await page.getByText('We are downloading your order details.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `checkin-pin-4-loading`);
    release();

    // The lookup's time is the visit and the venue is the order's: the questions come next.
    await page.waitForURL(`${baseUrl}/questions`);
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('venue-voice-guest-session') ?? '{}'),
    );
    expect(stored.state).toMatchObject({ branchId: 1, surveyInProgress: expect.any(Number) });
    expect(stored.state.transactionRef).toBeTruthy();
    expect(stored.state.guid).toMatch(/^[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it('a PIN link with the branch finds the order at once and welcomes the guest (G2.20)', async () => {
    const page = await openPhone();
    await page.goto(`${baseUrl}/demo-bistro/123462?branchId=1`);
    await checkScreen(page, 'Demo Bistro', 'get-started');
    expect(await page.title()).toBe('Welcome · Venue Voice');
    await button(page, 'Start').click();
    await page.waitForURL(`${baseUrl}/questions`);
    await page.context().close();
  });
});

describe('check-in: demo-cafe with a table number', () => {
  it('records the table, finds the venue from the list, and asks when the visit was', async () => {
    const page = await openPhone();
    // Tuesday 10 June 2025, 14:30 in London: Date is fixed, timers still run.
    await page.clock.setFixedTime(new Date('2025-06-10T14:30:00+01:00'));
    await openVenue(page, `${baseUrl}/demo-cafe`);
    await checkScreen(page, 'What is your table number?', 'table-1-entry');
    const table = page.getByRole('textbox', { name: 'Table number' });
    await table.fill('twelve');
    await button(page, 'Continue').click();
    await page.getByText('Please enter your table number so we can find your order').waitFor();
    await checkScreen(page, 'What is your table number?', 'table-2-invalid');
    await table.fill('12');
    await button(page, 'Continue').click();

    // Find venue without sharing the location: the survey's list.
    await checkScreen(page, 'Find your venue', 'venue-1-list');
    await button(page, /Demo Bistro Manchester/).click();

    await checkScreen(page, 'About your visit', 'visit-1-start');
    await button(page, 'Continue').click();
    await page.getByRole('alert').getByText('Please enter a valid time and date').waitFor();
    await checkScreen(page, 'About your visit', 'visit-2-invalid');

    await page.getByRole('radio', { name: 'Today' }).check();
    await page.getByRole('combobox', { name: 'Hour' }).selectOption('11');
    await page.getByRole('combobox', { name: 'Minute' }).selectOption('45');
    await page.getByRole('combobox', { name: 'am/pm' }).selectOption('pm');
    await button(page, 'Continue').click();
    await page.getByRole('alert').getByText("Date/time can't be in the future").waitFor();
    await checkScreen(page, 'About your visit', 'visit-3-future');

    // A day from the calendar, by keyboard: the week starts on Monday.
    await page.getByRole('radio', { name: 'Choose a date' }).check();
    const headers = await page
      .getByRole('table', { name: 'June 2025' })
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await page.getByRole('button', { name: 'Tuesday, 10 June 2025' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.getByText('Chosen date: 2025/06/03').waitFor();
    await checkScreen(page, 'About your visit', 'visit-4-calendar');
    await button(page, 'Continue').click();

    await page.waitForURL(`${baseUrl}/questions`);
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('venue-voice-guest-session') ?? '{}'),
    );
    expect(stored.state).toMatchObject({
      slug: 'demo-cafe',
      tableNumber: '12',
      branchId: 2,
      visitDateTime: '2025-06-03 23:45:00',
    });
    await page.context().close();
  });
});

describe('check-in: find venue', () => {
  it('with a position near Manchester lists the venues nearest first, in miles', async () => {
    const page = await openPhone({
      permissions: ['geolocation'],
      geolocation: { latitude: 53.4808, longitude: -2.2426 },
    });
    await openVenue(page, `${baseUrl}/demo-cafe`);
    await page.getByRole('textbox', { name: 'Table number' }).fill('12');
    await button(page, 'Continue').click();
    await button(page, 'Use my location').click();
    await page.waitForURL(/\/check_in\/list_nearby_locations\?slug=demo-cafe$/);
    await checkScreen(page, 'Venues near you', 'venue-2-nearby');
    const venues = page.getByRole('list', { name: 'Venues near you' }).getByRole('button');
    expect(await venues.first().textContent()).toMatch(/^Demo Bistro Manchester.*\d(\.\d)? mi away$/);
    expect(await venues.last().textContent()).toMatch(/^Demo Bistro Soho.*1\d\d mi away$/);
    await venues.first().click();
    await page.waitForURL(/\/check_in\/about_visit/);
    await page.context().close();
  });

  it('without location (refused) says so clearly and keeps the list', async () => {
    const page = await openPhone();
    // The browser answers "denied", as after a guest's refusal.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', {
        value: {
          getCurrentPosition: (_ok: unknown, fail: (error: { code: number; message: string }) => void) =>
            setTimeout(() => fail({ code: 1, message: 'User denied Geolocation' }), 10),
        },
      });
    });
    await openVenue(page, `${baseUrl}/demo-cafe`);
    await page.getByRole('textbox', { name: 'Table number' }).fill('3');
    await button(page, 'Continue').click();
    await button(page, 'Use my location').click();
    await page.getByRole('alert').getByText('You chose not to share your location.').waitFor();
    await checkScreen(page, 'Find your venue', 'venue-3-refused');
    expect(path(page)).toBe('/check_in/find_venue');
    await button(page, /Demo Bistro Soho/).click();
    await page.waitForURL(/\/check_in\/about_visit/);
    await page.context().close();
  });
});

describe('check-in: touch devices', () => {
  it('sets the time with wheels that flick and turn by keyboard', async () => {
    const page = await openPhone({ hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    await page.clock.setFixedTime(new Date('2025-06-10T14:30:00+01:00'));
    await openVenue(page, `${baseUrl}/demo-cafe?branchId=1`);
    await page.getByRole('textbox', { name: 'Table number' }).fill('5');
    await button(page, 'Continue').click();
    // No full-page screenshot here: Chromium 156 resizes the page for one and drops the touch emulation's
    // coarse pointer afterwards, which would turn the wheels into dropdowns.
    await checkScreen(page, 'About your visit', 'visit-5-touch', { fullPage: false });
    expect(await page.getByRole('combobox').count()).toBe(0);

    // The wheels start at the G4 default: now minus the average service time (30 min): 2:00 pm.
    const selected = (name: string) =>
      page.getByRole('listbox', { name }).getByRole('option', { selected: true }).textContent();
    expect([await selected('Hour'), await selected('Minute'), await selected('am/pm')]).toEqual([
      '02',
      '00',
      'pm',
    ]);

    const hours = page.getByRole('listbox', { name: 'Hour' });
    await hours.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    expect(await selected('Hour')).toBe('11');
    // The chosen option sits in the middle of its wheel.
    const offCentre = await hours.evaluate((wheel) => {
      const option = wheel.querySelector<HTMLElement>('[aria-selected="true"]');
      return option
        ? Math.abs(option.offsetTop + option.offsetHeight / 2 - (wheel.scrollTop + wheel.clientHeight / 2))
        : -1;
    });
    expect(offCentre).toBeLessThan(2);

    // A flick two rows down the minutes wheel: once it settles, the row in the middle is chosen.
    const minutes = page.getByRole('listbox', { name: 'Minute' });
    const row = await minutes
      .getByRole('option')
      .first()
      .evaluate((option) => option.getBoundingClientRect().height);
    await minutes.evaluate((wheel, by) => wheel.scrollBy({ top: by }), row * 2);
    await expect.poll(() => selected('Minute')).toBe('30');
    await page.getByRole('listbox', { name: 'am/pm' }).getByRole('option', { name: 'am' }).click();
    expect(await selected('am/pm')).toBe('am');
    await page.getByRole('radio', { name: 'Yesterday' }).check();
    await screenshot(page, `checkin-visit-6-touch-set`, { fullPage: true });
    await button(page, 'Continue').click();
    await page.waitForURL(`${baseUrl}/questions`);
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('venue-voice-guest-session') ?? '{}'),
    );
    expect(stored.state.visitDateTime).toBe('2025-06-09 11:30:00');
    await page.context().close();
  });
});
