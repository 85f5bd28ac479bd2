import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { openSettings, submitRegistration } from './device';
import { answerQuestions, heading, storedAnswer } from './journey';

/** README: the receipt of this journey (a receipt backs one response). */
const RECEIPT = '123466';

const upstream = new URL(inject('baseUrl'));
let browser: Browser;
let proxy: Server;
let origin: string;
let builtWorker: string;
/** The release the proxy's /sw.js says it is: a new number is a new worker to the browser. */
let release = 1;

/**
 * The real server behind a proxy of our own that answers /sw.js itself: the built worker with a
 * release comment. Bumping the release is what a deploy does to the browser (a byte-different
 * worker at the same URL), without rebuilding the app or restarting the shared e2e server.
 */
function startProxy(): Promise<string> {
  proxy = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      res.end(`${builtWorker}\n// e2e release ${release}\n`);
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  const response = await fetch(new URL('/sw.js', upstream));
  expect(response.status, 'npm run build first: the server has no /sw.js').toBe(200);
  builtWorker = await response.text();
  origin = await startProxy();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (proxy) await new Promise((resolve) => proxy.close(resolve));
});

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const waitForControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

async function newTablet(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

describe('the service worker (decision 0088)', () => {
  it('registers and controls the page on the first visit; the app then starts offline, lazy screens too', async () => {
    const { context, page } = await newTablet();
    await page.goto(`${origin}/install`);
    await heading(page, 'Install the app');
    await waitForControl(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
      `${origin}/`,
    );
    // Installed means precached: every chunk, so a screen never opened online still opens offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    await heading(page, 'Install the app');
    expect(await controlled(page)).toBe(true);
    await page.goto(`${origin}/privacy`);
    await heading(page, 'Privacy notice');
    // The API is never answered from a cache: offline it fails as the network does.
    const api = await page.evaluate(async () => {
      try {
        return (await fetch('/api/health')).status;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
    await context.close();
  });
});

/** Registers the tablet (the shared form) and opens /staff, where the install-app modal greets it. */
async function register(page: Page, deviceId: string): Promise<void> {
  await submitRegistration(page, origin, deviceId);
  await page.getByRole('dialog', { name: 'Device registered' }).getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(`${origin}/staff`);
}

/** The browser's own update check (the app runs it hourly and when shown again). */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
}

describe('a prompt-mode update on the tablet (D4.50–D4.52)', () => {
  it('asked for while a survey is half done it waits, then applies when the survey ends: one reload, the banner, no answer lost', async () => {
    release = 1;
    const { context, page } = await newTablet();
    await register(page, `e2e-pwa-${Date.now()}`);
    await waitForControl(page);
    // The install-app modal greets a tablet in a browser tab (decision 0089); staff close it.
    const install = page.getByRole('dialog', { name: 'Install the app' });
    await install.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await install.getByRole('button', { name: 'Close' }).click();

    // A guest starts the survey: the receipt, then the first question screen.
    await page
      .getByRole('button', { name: /^Start survey/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Receipt PIN' }).fill(RECEIPT);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'How was your visit?');

    // A new release is deployed and found: it installs and waits.
    release = 2;
    await checkForUpdate(page);
    await page.waitForFunction(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );

    // Staff go to settings mid-survey (the survey stays in progress) and ask for the update.
    await page.goto(`${origin}/staff`);
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Update app' }).click();
    await page.getByText('The update will be installed when the current survey ends.').waitFor();
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    await settings.getByRole('button', { name: 'Close' }).first().click();

    // Back to the guest's survey: it resumes, is finished and sent; then the update runs.
    await page.goto(`${origin}/questions`);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await answerQuestions(page);
    const banner = page.getByRole('region', { name: 'App update' });
    await banner.waitFor();
    expect(loads).toHaveLength(1);
    // The new release controls the page now: nothing waits any more.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
    expect(await banner.getByRole('status').textContent()).toMatch(/The app was updated to version/);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('venue-voice-app-updated'))).toBeNull();
    // The answers went before the reload: the server's answer is what the new version shows.
    await heading(page, 'Your feedback has been sent');
    expect((await storedAnswer(page))?.id).toBeGreaterThan(0);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });
});
