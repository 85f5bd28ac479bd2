import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import {
  noViolations,
  openSettings,
  staffHome,
  startSurvey,
  storedDevice,
  submitRegistration,
  tabletClient,
} from './device';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function register(page: Page, deviceId: string) {
  await submitRegistration(page, baseUrl, deviceId);
  const success = page.getByRole('dialog', { name: 'Device registered' });
  await success.waitFor();
  return success;
}

/**
 * A tablet whose staff already closed the install-app modal in this tab (D-A's, covered by its own
 * e2e): it would otherwise open over whichever screen is showing when the device enters app mode.
 */
async function newTablet(width: number, height: number) {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height } });
  await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
  return { context, page: await context.newPage() };
}

describe.each(VIEWPORTS)('device registration on a $name ($width px)', ({ name, width, height }) => {
  it('registers, reaches /staff, opens settings with the settings passcode, resets back to /register', async () => {
    const { context, page } = await newTablet(width, height);
    const deviceId = `e2e-${name}-${Date.now()}`;
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
    await noViolations(page, 'register form');
    const success = await register(page, deviceId);
    await noViolations(page, 'register success');
    await success.getByRole('button', { name: 'OK' }).click();
    await staffHome(page);
    expect(new URL(page.url()).pathname).toBe('/staff');
    await noViolations(page, 'staff');
    const settings = await openSettings(page);
    await settings.getByText(deviceId).waitFor();
    await noViolations(page, 'settings');
    const uuid = (await storedDevice(page)).uuid;
    await settings.getByRole('button', { name: 'Reset device' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset device?' });
    await confirm.getByRole('button', { name: 'Reset device' }).click();
    const done = page.getByRole('dialog', { name: 'Device reset' });
    await done.getByText('The device has been deregistered.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await noViolations(page, 'register');
    expect(await storedDevice(page)).toMatchObject({ uuid, registered: false, token: null });
    await context.close();
  });
});

describe('a revoked device token', () => {
  it('D4.1 the next app-mode call answers 401: the device resets, goes to /register and says why', async () => {
    const { context, page } = await newTablet(1024, 768);
    const deviceId = `e2e-revoked-${Date.now()}`;
    const success = await register(page, deviceId);
    await success.getByRole('button', { name: 'OK' }).click();
    await staffHome(page);
    const { client, device: stored } = await tabletClient(page, baseUrl);
    // The administrator (here: the client with the device's own token) revokes the device.
    await client.device.deregister({ uuid: stored.uuid });
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Download latest survey settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Register device' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    // Issue 26 item 10: not a silent reset; staff are told why (D8).
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your device may have been disabled by your administrator' })
      .waitFor();
    expect(await storedDevice(page)).toMatchObject({ uuid: stored.uuid, registered: false, token: null });
    await context.close();
  });
});

describe('the settings passcode (issue 26 item 17)', () => {
  it('D4.58 five wrong passcodes lock the settings prompt; a reload keeps the lock and the right one cannot be tried', async () => {
    const { context, page } = await newTablet(1024, 768);
    const success = await register(page, `e2e-passcode-lock-${Date.now()}`);
    await success.getByRole('button', { name: 'OK' }).click();
    await staffHome(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: 'Settings' });
    const field = prompt.getByLabel('Settings passcode');
    for (const wrong of ['1111', '2222', '3333', '4444', '5555']) {
      await field.fill(wrong);
      await prompt.getByRole('button', { name: 'Open settings' }).click();
    }
    const locked = prompt.getByRole('alert').filter({ hasText: 'Too many wrong passcodes' });
    await locked.waitFor();
    expect(await locked.textContent()).toMatch(/Settings are locked; try again in [45]:\d\d\./);
    expect(await field.isDisabled()).toBe(true);
    await noViolations(page, 'settings passcode locked');

    await page.reload();
    await staffHome(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await prompt.getByRole('alert').filter({ hasText: 'Settings are locked' }).waitFor();
    expect(await field.isDisabled()).toBe(true);
    expect(await prompt.getByRole('button', { name: 'Open settings' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('Start survey on the tablet', () => {
  it('starts the guest flow for the downloaded survey at the device branch', async () => {
    const { context, page } = await newTablet(1024, 768);
    const success = await register(page, `e2e-start-${Date.now()}`);
    await success.getByRole('button', { name: 'OK' }).click();
    await staffHome(page);
    await startSurvey(page);
    await page.waitForURL((url) => url.pathname !== '/staff');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const path = new URL(page.url()).pathname;
    expect(path === '/questions' || path.startsWith('/check_in/'), path).toBe(true);
    await noViolations(page, `first step ${path}`);
    await context.close();
  });
});
