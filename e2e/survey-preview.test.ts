import type { Browser, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, previewFrame, responseCount, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';

// Issue 31 item 4, decision 0258: the owner previews a survey in the console; the guest app in the frame
// runs it to the end and stores nothing; the preview switches language and size.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('survey-preview'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const heading = (frame: Frame, name: string) => frame.getByRole('heading', { level: 1, name }).waitFor();

describe('survey preview (issue 31 item 4)', () => {
  it('the owner answers demo-cafe in the preview to the end: nothing is stored; German and the tablet size follow', async () => {
    const { context, page } = await consolePage(browser, { width: 1280, height: 1000 });
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    const before = await responseCount(context, server.baseUrl);
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && url.pathname.startsWith('/api/v1/survey/'))
        writes.push(`${request.method()} ${url.pathname}`);
    });

    await page.goto(`${server.baseUrl}/console/surveys/2/preview`);
    await title(page, 'Preview');
    const phone = await previewFrame(page, 'Phone');
    await heading(phone, 'How was your coffee?');
    for (const name of ['Coffee', 'Service']) {
      await phone
        .getByRole('group', { name, exact: true })
        .getByRole('radio', { name: /^5 out of 5/ })
        .check({ force: true });
    }
    await phone.getByRole('button', { name: 'Next' }).click();
    await phone.getByRole('textbox', { name: 'Anything we could do better?' }).fill('More oat milk');
    await phone.getByRole('button', { name: 'Next' }).click();
    // Demographics when the company asks for them, then the checkout.
    const sent = phone.getByRole('heading', { level: 1, name: 'Your feedback has been sent' });
    const aboutYou = phone.getByRole('heading', { level: 1, name: 'About you' });
    await sent.or(aboutYou).waitFor();
    if (await aboutYou.isVisible()) await phone.getByRole('button', { name: 'Next' }).click();
    await sent.waitFor();
    await shot(page, 'survey-preview-phone');

    expect(writes).toEqual([]);
    expect(await responseCount(context, server.baseUrl)).toBe(before);

    // German: the demo surveys are offered in four languages, so the app's words and the survey's own
    // texts come in German. SegmentedControl hides its radio inputs: a person presses the label.
    await page.locator('label', { hasText: /^Deutsch$/ }).click();
    await page.locator('iframe[src*="language=de"]').waitFor();
    const german = await previewFrame(page, 'Phone');
    await heading(german, 'Wie war Ihr Kaffee?');
    await german.getByRole('button', { name: 'Weiter' }).waitFor();

    await page.getByText('Tablet', { exact: true }).click();
    const tablet = await previewFrame(page, 'Tablet');
    expect(await page.getByTitle('The survey as a guest sees it on a Tablet').getAttribute('width')).toBe(
      '820',
    );
    await heading(tablet, 'Wie war Ihr Kaffee?');

    // The Engine panel: demo-cafe's one question is asked of any visit.
    const engine = page.getByRole('region', { name: 'Engine' });
    await engine.getByRole('heading', { name: '1 question would be asked' }).waitFor();
    expect(writes).toEqual([]);
    expect(await responseCount(context, server.baseUrl)).toBe(before);
    await context.close();
  });
});
