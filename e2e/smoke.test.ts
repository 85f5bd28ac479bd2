import { createApiClient } from '@venue-voice/client';
import { APP_VERSION } from '@venue-voice/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh page that remembers what the app wrote to the console. */
async function openPage(): Promise<{ page: Page; logs: string[] }> {
  // A context of its own per page: axe needs one, and no state leaks between tests.
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  return { page, logs };
}

describe('smoke: the guest entry points', () => {
  it('/demo-bistro shows the demo survey by name, accessibly', async () => {
    // The name comes from the API rather than being guessed, so the seed may change it freely.
    const api = createApiClient({
      baseUrl,
      authType: 'web',
      clientId: `venue-voice-e2e/${APP_VERSION}`,
      language: 'en-gb',
      surveySlug: 'demo-bistro',
    });
    const config = await api.survey.config({ edges: ['surveys'] });
    const name = config.surveys?.[0]?.name;
    expect(name).toBeTruthy();

    const { page } = await openPage();
    // With its receipt PIN the order is found at once and the welcome step names the survey (G2.20).
    // 123463: no journey on the shared server rates it (a rated receipt is refused, decision 0174).
    await page.goto(`${baseUrl}/demo-bistro/123463?branchId=1`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toMatch(/Venue Voice/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('an unknown slug lands on /error-404: the server redirects at once (decision 0169)', async () => {
    const answer = await fetch(`${baseUrl}/no-such-venue-xyz`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/error-404');
    const { page } = await openPage();
    await page.goto(`${baseUrl}/no-such-venue-xyz`);
    await page.waitForURL(`${baseUrl}/error-404`);
    await page
      .getByRole('heading', { level: 1, name: 'This survey does not exist or has been moved' })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('an unknown slug the browser sets up itself (a link with a PIN) lands on /error-404 (hard redirect, logged)', async () => {
    const { page, logs } = await openPage();
    await page.goto(`${baseUrl}/no-such-venue-xyz/123456`);
    await page.waitForURL(`${baseUrl}/error-404`);
    await page
      .getByRole('heading', { level: 1, name: 'This survey does not exist or has been moved' })
      .waitFor();
    expect(logs.some((line) => line.includes('Bad survey tag used'))).toBe(true);
    await page.context().close();
  });

  it('/ without a slug lands on /error-404', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/error-404`);
    await page
      .getByRole('heading', { level: 1, name: 'This survey does not exist or has been moved' })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('serves the app pre-compressed with long-lived caching for hashed assets', async () => {
    const index = await fetch(`${baseUrl}/demo-bistro`, { headers: { 'accept-encoding': 'br' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    // The server-rendered page names the app's script for browser-check.js to start (decision 0169).
    const script = /(?:src|data-app)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
