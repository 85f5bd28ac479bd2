import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openVenue } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page (390 px wide) in a context of its own, with the given user agent. */
async function openPhone(userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
    ...(userAgent && { userAgent }),
  });
  return context.newPage();
}

const footer = (page: Page) => page.getByRole('contentinfo');

/** The cookie banner is fixed over the page's end; the guest answers it before using the footer. */
async function declineCookies(page: Page) {
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Decline' }).click();
}

describe('the frame around every screen (G2 footer, G8)', () => {
  it("a venue's screen: its copyright and privacy link in the footer, no outdated warning, accessible", async () => {
    const page = await openPhone();
    await openVenue(page, `${baseUrl}/demo-bistro`);
    await footer(page).getByText('© 2025 Demo Hospitality Group').waitFor();
    const privacy = footer(page).getByRole('link', { name: 'Privacy policy' });
    expect(await privacy.getAttribute('href')).toBe('/privacy');
    expect(await footer(page).getByRole('link', { name: 'Install app' }).getAttribute('href')).toBe(
      '/install',
    );
    // Chromium runs the bundle: the classic check says nothing.
    expect(await page.locator('.outdated-browser').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await declineCookies(page);
    await privacy.click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    expect(await page.getByText('Version 2.6, March 2025').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("/error-404: the spec's text, a heading and the app's own footer, accessible", async () => {
    const page = await openPhone();
    await page.goto(`${baseUrl}/error-404`);
    await page
      .getByRole('heading', { level: 1, name: 'This survey does not exist or has been moved' })
      .waitFor();
    await footer(page).getByText('© Venue Voice').waitFor();
    expect(await footer(page).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    // The footer sits below the screen, inside the first view on a phone: nothing pushes it later.
    const box = await footer(page).boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('/install on a desktop says it is unsupported', async () => {
    const page = await openPhone(UA.desktop);
    await page.goto(`${baseUrl}/error-404`);
    await declineCookies(page);
    await footer(page).getByRole('link', { name: 'Install app' }).click();
    await page.getByRole('heading', { level: 1, name: 'Install the app' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/install`);
    await page.getByText(/not supported on this device or browser/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('/install on Android Chrome without a prompt shows the steps, accessible', async () => {
    const page = await openPhone(UA.android);
    await page.goto(`${baseUrl}/install`);
    const steps = page.getByRole('list', { name: 'How to install' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').count()).toBe(3);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('serves the install manifest and the classic browser check', async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { start_url: string; icons: { sizes: string }[] };
    expect(body.start_url).toBe('/');
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const check = await fetch(`${baseUrl}/browser-check.js`);
    expect(check.status).toBe(200);
    expect(check.headers.get('content-type')).toMatch(/javascript/);
  });
});
