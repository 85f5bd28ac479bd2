import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { answerDemoBistro, heading, submitted } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

/** A real HEIC photo (the one of upload.test.ts): 96 × 64 of plain blue, 389 bytes. */
const HEIC_PHOTO = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUJtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFmAAEAAAAAAAAAHwAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAwmlwcnAAAACkaXBjbwAAAHhodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQArQgEBA3AAAAMAkAAAAwAAAwAeoDCBBZbqSSmubgQEDAgAAAMACAAAAwAIQCIAAQAHRAHBcrAiQAAAABRpc3BlAAAAAAAAAGAAAABAAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAoMAAAAnbWRhdAAAABsoAa8TgOaocNP/+8FFf9H2r/xTUtJ5vZEMkmA=',
  'base64',
);

let server: OwnServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Everything the browser refused under the page's Content-Security-Policy. */
const violations: string[] = [];

/** Runs in every page and worker-owning document before the app: records CSP refusals. */
function watchPolicy(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const holder = window as unknown as { cspViolations?: string[] };
    holder.cspViolations = holder.cspViolations ?? [];
    holder.cspViolations.push(
      `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

const pageViolations = async () =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

beforeAll(async () => {
  // A server of its own: its receipts are fresh whatever the shared server's journeys used.
  server = await startOwnServer('csp');
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  await page.addInitScript(watchPolicy);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the Content-Security-Policy blocks nothing the app does (issue 9)', () => {
  it('every page is served with the policy: no inline or eval scripts', async () => {
    const response = await page.goto(`${server.baseUrl}/demo-bistro`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('a guest journey from check-in to a converted HEIC photo runs without a refusal', async () => {
    await answerDemoBistro(page, server.baseUrl, '123457');
    await submitted(page);
    await page.getByRole('button', { name: /^(No thanks|Continue)$/ }).click();
    await page.waitForURL(`${server.baseUrl}/upload`);
    await heading(page, 'Add a photo of your visit');
    const upserted = page.waitForResponse((r) => r.url().includes('/api/v1/survey/upload/upsert'));
    await page
      .getByLabel('Upload file')
      .setInputFiles({ name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: HEIC_PHOTO });
    expect((await upserted).status()).toBe(200);
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
    expect(await pageViolations()).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('the tablet registration page and the other demo survey load without a refusal', async () => {
    for (const path of ['/register', '/demo-cafe']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await pageViolations(), path).toEqual([]);
    }
    expect(violations).toEqual([]);
  });
});
