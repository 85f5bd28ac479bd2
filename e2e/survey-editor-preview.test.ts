import AxeBuilder from '@axe-core/playwright';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, responseCount, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

// Issue 31 item 4, decision 0259: the preview pane beside the editor runs the unsaved document in the
// guest app; nothing is saved or stored.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('survey-editor-preview'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const TYPED = 'Typed, not saved: what would you change?';

/** The pane's frame once the guest app runs a preview in it (it restarts at /questions with each). */
async function paneFrame(page: Page): Promise<Frame> {
  const element = page
    .getByRole('region', { name: 'Preview' })
    .getByTitle('The survey as a guest sees it on a Phone');
  await element.waitFor();
  const frame = await (await element.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.waitForURL((url) => url.pathname === '/questions');
  return frame;
}

/** demo-cafe's first screen (two ratings), then Next: its comment question. */
async function toComment(frame: Frame) {
  for (const name of ['Coffee', 'Service']) {
    await frame
      .getByRole('group', { name, exact: true })
      .getByRole('radio', { name: /^5 out of 5/ })
      .check({ force: true });
  }
  await frame.getByRole('button', { name: 'Next' }).click();
}

describe('the survey editor’s preview pane (issue 31 item 4)', () => {
  it('shows a question’s text as it is typed, unsaved, in the guest app beside the editor; nothing is stored', async () => {
    const { context, page } = await consolePage(browser, { width: 1440, height: 900 });
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    const before = await responseCount(context, server.baseUrl);
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET') return;
      if (url.pathname.startsWith('/api/v1/survey/') || /\/draft$|\/publish$/.test(url.pathname))
        writes.push(`${request.method()} ${url.pathname}`);
    });

    await page.goto(`${server.baseUrl}/console/surveys/2`);
    await title(page, 'Demo Café');
    await page.getByRole('button', { name: 'Preview' }).click();
    const pane = page.getByRole('region', { name: 'Preview' });
    let frame = await paneFrame(page);
    await toComment(frame);
    await frame.getByRole('textbox', { name: 'Anything we could do better?' }).waitFor();

    // Beside the editor at 1440 px: the pane's left edge is right of the question's form.
    const paneBox = await pane.boundingBox();
    const form = await page.getByRole('navigation', { name: 'Survey outline' }).boundingBox();
    expect(paneBox && form && paneBox.x > form.x + form.width).toBe(true);

    // The question's text changed in the editor, not saved: the frame starts again and shows it.
    await page
      .getByRole('navigation', { name: 'Survey outline' })
      .getByRole('button', { name: 'Anything we could do better?', exact: true })
      .click();
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill(TYPED);
    // The frame starts again at the first screen (its ratings show again), then its comment has the new text.
    frame = await paneFrame(page);
    await toComment(frame);
    await frame.getByRole('textbox', { name: TYPED }).waitFor();
    await page.getByText('Unsaved changes').waitFor();

    await pane.getByText('The preview shows your latest changes.').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'survey-editor-preview-1440');
    // axe over the console and the guest app in its frame. One rule is left out: landmark-unique counts
    // the frame's own banner and main with the console's, as if one document had two of each; a framed
    // page keeps its landmarks inside the frame (the guest app alone passes it: its own journeys).
    const checked = await new AxeBuilder({ page }).disableRules(['landmark-unique']).analyze();
    expect(
      checked.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      'survey editor with the preview pane open',
    ).toEqual([]);

    expect(writes).toEqual([]);
    expect(await responseCount(context, server.baseUrl)).toBe(before);
    await context.close();
  });
});
