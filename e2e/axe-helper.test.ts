import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';

// Every journey's axe check goes through accessibilityViolations: it must report what axe finds, both
// run in place (a page of one frame) and through the frames (a page that embeds another).
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
});

const PAGE = '<html lang="en"><title>Check</title><main><h1>Check</h1><img src="dish.png"></main></html>';

describe('the journeys’ axe check', () => {
  it('reports a problem on a page of one frame', async () => {
    const page = await context.newPage();
    await page.setContent(PAGE);
    expect(await accessibilityViolations(page)).toEqual([
      'image-alt (critical): Images must have alternative text — img',
    ]);
    expect(await accessibilityViolations(page), 'twice on the same page').toHaveLength(1);
  });

  it('reports a problem inside a frame', async () => {
    const page = await context.newPage();
    const framed = PAGE.replace(
      '<img src="dish.png">',
      '<iframe title="Menu" srcdoc="<img src=dish.png>"></iframe>',
    );
    await page.setContent(framed);
    await page.frameLocator('iframe').locator('img').waitFor({ state: 'attached' });
    expect(await accessibilityViolations(page)).toEqual([
      'image-alt (critical): Images must have alternative text — iframe img',
    ]);
  });
});
