import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser, startUpload } from './browser';
import { openSettings, registerTablet, startWithReceipt, storedQueue, submitRegistration } from './device';
import { answerQuestions, heading, storedAnswer } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

/** README: the receipt of this journey (a receipt backs one response). */
const RECEIPT = '123466';

const upstream = new URL(inject('baseUrl'));
let browser: Browser;
let proxy: Proxy;
let origin: string;
let builtWorker: string;
/** The release the proxy's /sw.js says it is: a new number is a new worker to the browser. */
let release = 1;

/** A proxy in front of a server: the built worker at /sw.js with its release, the rest forwarded. */
interface Proxy {
  origin: string;
  close(): Promise<void>;
}

/**
 * The real server behind a proxy of our own that answers /sw.js itself: the built worker with a
 * release comment. Bumping the release is what a deploy does to the browser (a byte-different
 * worker at the same URL), without rebuilding the app or restarting the server. `intercept` may answer
 * a request itself (the survey.submit calls held with a 503) before it is forwarded.
 */
function startProxy(
  target: URL,
  currentRelease: () => number,
  intercept: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Promise<Proxy> {
  const server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      res.end(`${builtWorker}\n// e2e release ${currentRelease()}\n`);
      return;
    }
    if (intercept(req, res)) return;
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
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
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

beforeAll(async () => {
  const response = await fetch(new URL('/sw.js', upstream));
  expect(response.status, 'npm run build first: the server has no /sw.js').toBe(200);
  builtWorker = await response.text();
  proxy = await startProxy(upstream, () => release);
  origin = proxy.origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
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

/**
 * Mid-survey, a new release has been deployed: the browser finds it and it installs and waits; staff go
 * to the settings (the survey stays in progress) and ask for it, and are told it waits for the survey.
 * Gives the settings dialog, still open.
 */
async function askForUpdateMidSurvey(page: Page, home: string) {
  await checkForUpdate(page);
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  await page.goto(`${home}/staff`);
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Update app' }).click();
  await page.getByText('The update will be installed when the current survey ends.').waitFor();
  return settings;
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
    await startWithReceipt(page, RECEIPT);
    await heading(page, 'How was your visit?');

    // A new release is deployed; staff ask for it mid-survey.
    release = 2;
    const settings = await askForUpdateMidSurvey(page, origin);
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

/** What a submit body holds and what the server answered, per create (single or batched). */
function createsAnswered(body: string, answer: string): { guid: string; id: number }[] {
  const sent = JSON.parse(body);
  const got = JSON.parse(answer);
  const items: { type: string; payload: { guid: string } }[] = sent.items ?? [sent];
  return items.flatMap((item, index) => {
    const result = sent.items ? got.data?.results?.[index] : { status: 200, data: got.data };
    return item.type === 'create' && result?.status === 200 && result.data?.id
      ? [{ guid: item.payload.guid, id: result.data.id as number }]
      : [];
  });
}

describe('an update mid-survey with responses still on the tablet (issue 9)', () => {
  let own: OwnServer;
  let held: Proxy;
  let ownRelease = 1;
  /** While true the server is "down" for survey.submit (503), so the tablet keeps what it holds. */
  let holding = true;
  const stored: { guid: string; id: number }[] = [];

  beforeAll(async () => {
    own = await startOwnServer('pwa-queue');
    const target = new URL(own.baseUrl);
    held = await startProxy(
      target,
      () => ownRelease,
      (req, res) => {
        // Once release 2 is out, the server has no old chunks: a page still needing one from the
        // network (not from the worker's precache) fails as after a real deploy.
        if (ownRelease >= 2 && (req.url ?? '').startsWith('/assets/')) {
          res.writeHead(404).end();
          return true;
        }
        if (!(req.url ?? '').startsWith('/api/v1/survey/submit')) return false;
        if (holding) {
          req.resume();
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { code: 10021, message: 'Service unavailable', detail: null, ui: false },
            }),
          );
          return true;
        }
        // Forwarded, and every create the server stored is noted from its answer.
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          const forward = request(
            {
              host: target.hostname,
              port: target.port,
              path: req.url,
              method: req.method,
              headers: req.headers,
            },
            (answer) => {
              const back: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => back.push(chunk));
              answer.on('end', () => {
                const text = Buffer.concat(back);
                stored.push(...createsAnswered(body.toString(), text.toString()));
                const headers = { ...answer.headers };
                delete headers['content-encoding'];
                delete headers['content-length'];
                res.writeHead(answer.statusCode ?? 502, headers);
                res.end(text);
              });
            },
          );
          forward.on('error', () => res.destroy());
          forward.end(body);
        });
        return true;
      },
    );
  });

  afterAll(async () => {
    await held?.close();
    await own?.close();
  });

  it('two responses waiting, an update asked for mid-survey: it waits for the survey, reloads once, 0 answers lost, 0 chunk errors', async () => {
    const home = held.origin;
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => sessionStorage.setItem('venue-voice-install-modal-closed', '1'));
    const page = await context.newPage();
    // Chunk-load failures show as page errors, console errors or failed /assets/ requests (404 after release 2).
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/503|Service Unavailable/i.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (req) => {
      if (new URL(req.url()).pathname.startsWith('/assets/')) problems.push(`failed: ${req.url()}`);
    });
    page.on('response', (answer) => {
      if (new URL(answer.url()).pathname.startsWith('/assets/') && answer.status() >= 400)
        problems.push(`${answer.status()}: ${answer.url()}`);
    });
    await registerTablet(page, home, `e2e-pwa-queue-${Date.now()}`, { installModal: false });
    await waitForControl(page);

    // A first guest finishes while the server cannot take it: it stays on the tablet.
    const startSurvey = async (receipt: string) => {
      await page.goto(`${home}/staff`);
      await startWithReceipt(page, receipt);
      await heading(page, 'How was your visit?');
    };
    await startSurvey('123457');
    await answerQuestions(page);
    await page
      .getByText('Your feedback is saved on this tablet and will be sent when it is online.')
      .waitFor();
    const first = (await storedQueue(page)).items.map((item) => item.response);
    expect(new Set(first).size).toBe(1);

    // A second guest is half-way when a new release is found and staff ask for it.
    await startSurvey('123458');
    ownRelease = 2;
    const settings = await askForUpdateMidSurvey(page, home);
    await settings.getByRole('button', { name: 'Close' }).first().click();
    expect((await storedQueue(page)).items.length).toBeGreaterThan(0);

    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto(`${home}/questions`);
    loads.length = 0;
    await heading(page, 'How was your visit?');
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      'the update waits while the survey is in progress',
    ).toBe(true);
    await answerQuestions(page);
    const banner = page.getByRole('region', { name: 'App update' });
    await banner.waitFor({ timeout: 60_000 });
    expect(loads).toHaveLength(1);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();

    // Both guests' responses are still on the tablet after the reload, and go up once the server is back.
    const kept = await storedQueue(page);
    const guids = [...new Set(kept.items.map((item) => item.response))];
    expect(guids).toHaveLength(2);
    expect(guids).toContain(first[0]);
    holding = false;
    await page.goto(`${home}/staff`);
    const after = await openSettings(page);
    await startUpload(after.getByRole('button', { name: /^Upload completed surveys/ }));
    await expect.poll(async () => (await storedQueue(page)).items.length, { timeout: 30_000 }).toBe(0);
    expect((await storedQueue(page)).attention).toEqual([]);
    expect([...new Set(stored.map((s) => s.guid))].sort()).toEqual([...guids].sort());
    expect(new Set(stored.map((s) => s.id)).size).toBe(2);
    // A screen the old page never opened loads from the new release's precache.
    await page.goto(`${home}/privacy`);
    await heading(page, 'Privacy notice');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
