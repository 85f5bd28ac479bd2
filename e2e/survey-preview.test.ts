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

  it('O15.23 O15.34 a German guest of demo-cafe is asked the survey’s own demographic questions in German', async () => {
    const { context, page } = await consolePage(browser, { width: 1280, height: 1000 });
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    // The editor's Demographics part holds the survey's own list (not the company's).
    await page.goto(`${server.baseUrl}/console/surveys/2`);
    await page
      .getByRole('navigation', { name: 'Survey outline' })
      .getByRole('button', { name: 'Demographics' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Demographics' }).waitFor();
    expect(await page.getByRole('switch', { name: /Use the company’s questions/ }).isChecked()).toBe(false);
    await page.getByRole('region', { name: 'How often do you visit?' }).waitFor();
    await shot(page, 'survey-editor-demographics');
    await page.goto(`${server.baseUrl}/console/surveys/2/preview`);
    await title(page, 'Preview');
    await page.locator('label', { hasText: /^Deutsch$/ }).click();
    await page.locator('iframe[src*="language=de"]').waitFor();
    const german = await previewFrame(page, 'Phone');
    await heading(german, 'Wie war Ihr Kaffee?');
    for (const name of ['Kaffee', 'Service']) {
      await german
        .getByRole('group', { name, exact: true })
        .getByRole('radio', { name: /^5 / })
        .check({ force: true });
    }
    await german.getByRole('button', { name: 'Weiter' }).click();
    await german.getByRole('textbox', { name: 'Was könnten wir besser machen?' }).fill('Mehr Hafermilch');
    await german.getByRole('button', { name: 'Weiter' }).click();
    await heading(german, 'Über Sie');
    // Every label of the survey's own fields in German, none of the company's English ones.
    for (const label of [
      'Geschlecht',
      'Alter',
      'Anlass des Besuchs',
      'Wie oft besuchen Sie uns?',
      'Postleitzahl',
    ])
      await german.getByLabel(label).waitFor();
    expect(await german.getByLabel('Gender').count()).toBe(0);
    await german
      .getByRole('combobox', { name: 'Wie oft besuchen Sie uns?' })
      .selectOption({ label: 'Wöchentlich' });
    await shot(page, 'survey-preview-demographics-de');
    await context.close();
  });
});
