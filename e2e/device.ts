import { createApiClient } from '@venue-voice/client';
import type { CreatePayload } from '@venue-voice/domain';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations } from './browser';
import { answerQuestions } from './journey';

/**
 * Steps the tablet journeys share: registering with the demo company, starting a survey, staff sign-in,
 * the settings, the stored state.
 */

export const noViolations = async (page: Page, screen: string) =>
  expect(await accessibilityViolations(page), screen).toEqual([]);

/** The demo company's branches by id (api.md: staff PIN codes on at 1, off at 2). */
export const VENUES: Record<number, string> = { 1: 'Demo Bistro Soho', 2: 'Demo Bistro Manchester' };

export const staffHome = (page: Page, branchId = 1) =>
  page.getByRole('heading', { level: 1, name: VENUES[branchId] }).waitFor();

/** The record 'state' of one of the tablet's IndexedDB stores, read in the page. */
export const storedState = <T>(page: Page, database: string, store: string) =>
  page.evaluate(
    ([name, objectStore]) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open(name as string);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result
            .transaction(objectStore as string)
            .objectStore(objectStore as string)
            .get('state');
          read.onsuccess = () => resolve(read.result as T);
          read.onerror = () => reject(read.error);
        };
      }),
    [database, store],
  );

export type StoredQueue = { items: { response: string; type: string }[]; attention: unknown[] };
export const storedQueue = (page: Page) => storedState<StoredQueue>(page, 'venue-voice-queue', 'queue');

export type StoredDevice = { uuid: string; token: string | null; deviceId: string; registered: boolean };
export const storedDevice = (page: Page) => storedState<StoredDevice>(page, 'venue-voice-device', 'device');

/** The API client with the tablet's stored device token, as the tablet itself calls the server. */
export async function tabletClient(page: Page, baseUrl: string) {
  const device = await storedDevice(page);
  if (!device?.token) throw new Error('the tablet holds no device token');
  return {
    device,
    client: createApiClient({
      baseUrl,
      authType: 'app',
      clientId: 'venue-voice-e2e/1',
      companyKey: 'demo',
      branchId: 1,
      device: { deviceId: device.deviceId, token: device.token },
    }),
  };
}

/**
 * Opens /register and sends the form for a branch of the demo company, 1 unless told, with its device
 * passcode (README: demo1; the console makes others).
 */
export async function submitRegistration(
  page: Page,
  baseUrl: string,
  deviceId: string,
  { checkForm = false, branchId = 1, passcode = 'demo1' } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/register`);
  await page.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
  if (checkForm) await noViolations(page, 'register');
  const fields: Record<string, string> = {
    'Company key': 'demo',
    'Branch id': String(branchId),
    'Device id': deviceId,
    'Device passcode': passcode,
    'Settings passcode': '2468',
    'Confirm settings passcode': '2468',
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Register device' }).click();
}

/**
 * Registers and confirms the success modal, then waits for the staff home. `installModal`: the tab has
 * not closed the install-app modal yet, so it opens once on the staff home and is closed here (0089).
 */
export async function registerTablet(
  page: Page,
  baseUrl: string,
  deviceId: string,
  { installModal = true, checkForm = false, branchId = 1 } = {},
): Promise<void> {
  await submitRegistration(page, baseUrl, deviceId, { checkForm, branchId });
  await page.getByRole('dialog', { name: 'Device registered' }).getByRole('button', { name: 'OK' }).click();
  if (installModal) {
    await page.waitForURL(`${baseUrl}/staff`);
    const install = page.getByRole('dialog', { name: 'Install the app' });
    await install.getByRole('button', { name: 'Close' }).click();
    await install.waitFor({ state: 'detached' });
  }
  await staffHome(page, branchId);
}

/** Opens the settings with the passcode set at registration; returns the settings dialog. */
export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Settings' });
  await prompt.getByLabel('Settings passcode').fill('2468');
  await prompt.getByRole('button', { name: 'Open settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Reset device' }).waitFor();
  return settings;
}

/** Start survey on the staff home (the branch's first survey): the guest flow's first step. */
export const startSurvey = (page: Page) =>
  page
    .getByRole('button', { name: /^Start survey/ })
    .first()
    .click();

/** From the staff home: Start survey, then the guest's receipt PIN and Continue. */
export async function startWithReceipt(page: Page, receipt: string): Promise<void> {
  await startSurvey(page);
  await page.getByRole('textbox', { name: 'Receipt PIN' }).fill(receipt);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * From the staff home: a guest's receipt PIN online, then every question and the submit with the tablet
 * offline. Ends on the checkout saying the feedback is kept on the tablet, still offline.
 */
export async function answerOffline(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
  receipt: string,
): Promise<void> {
  await startWithReceipt(page, receipt);
  await page.waitForURL(`${baseUrl}/questions`);
  // Offline as soon as the questions show: a tablet reads the team and menu from its own copy and holds
  // the code of every later step by then (decision 0167). (A wait for 'networkidle' here was a no-op:
  // Playwright's load states belong to the document, and this navigation stays in the same one.)
  await context.setOffline(true);
  await answerQuestions(page);
  const saved = 'Your feedback is saved on this tablet and will be sent when it is online.';
  await page
    .getByText(saved)
    .waitFor()
    .catch(async (error: unknown) => {
      // Say what the tablet showed and held instead: this is how CI's failure of 2026-11-24 (/checkout
      // unable to load offline, an empty queue) explained itself (decision 0167).
      const shown =
        (await page
          .locator('body')
          .textContent()
          .catch(() => null)) ?? '(unreadable)';
      const queue = await storedQueue(page).catch(() => '(unreadable)');
      throw new Error(
        `"${saved}" did not show at ${page.url()}.\nThe page showed:\n${shown.slice(0, 1500)}\n` +
          `The stored queue: ${JSON.stringify(queue).slice(0, 1500)}\n${String(error)}`,
      );
    });
}

/** Opens staff sign-in from a guest screen's Staff button; `signIn` enters a PIN in it. */
export async function openStaffSignIn(page: Page) {
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Staff sign-in' });
  const signIn = async (pin: string) => {
    await modal.getByLabel('Your PIN').fill(pin);
    await modal.getByRole('button', { name: 'Sign in' }).click();
  };
  return { modal, signIn };
}

/** From the staff home, a member signs in through a guest screen (branch 1 has staff PINs on). */
export async function signInStaff(page: Page, pin: string): Promise<void> {
  await startSurvey(page);
  await (await openStaffSignIn(page)).signIn(pin);
  await staffHome(page);
}

/** One item a survey.submit call carried, with the server's answer to it. */
export interface SubmitResult {
  type: string;
  payload: CreatePayload;
  status: number;
  data?: { id: number };
}

/**
 * The items of a survey.submit call (a batch's, or the one of a single call) paired with its answer:
 * a batch answers each item in data.results, a single call with its own status and data.
 */
export function submitResults(request: Request, status: number, body: { data?: unknown }): SubmitResult[] {
  const sent = request.postDataJSON();
  const items: { type: string; payload: CreatePayload }[] = sent?.items ?? [sent];
  const data = body.data as { results?: { status: number; data?: { id: number } }[]; id: number } | undefined;
  return items.map((item, index) => ({ ...item, ...(data?.results?.[index] ?? { status, data }) }));
}
