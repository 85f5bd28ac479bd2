import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { englishOnly, LANGUAGES, type Language, rawKeys, text } from './catalogues';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/**
 * Journey 6: every guest screen in each language, with no missing text. The survey speaks its
 * templateLocale, so survey.config's answer gets the language under test. Each language submits with a
 * receipt of its own: this file runs a server of its own (fresh demo data), so it takes four receipts
 * without taking any from the other files.
 */
const RECEIPTS: Record<Language, string> = { 'en-gb': '123462', de: '123463', it: '123464', es: '123465' };
const HTML_LANG: Record<Language, string> = { 'en-gb': 'en-GB', de: 'de', it: 'it', es: 'es' };
const BROWSER_LOCALE: Record<Language, string> = { 'en-gb': 'en-GB', de: 'de-DE', it: 'it-IT', es: 'es-ES' };
const KEYS = rawKeys();
let server: OwnServer | undefined;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('languages');
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every string in a JSON value. */
function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, into);
}

/** Everything the page says: its text, the names and hints in attributes, and its title. */
const pageTexts = (page: Page) =>
  page.evaluate(() => {
    const attributes = [
      ...document.querySelectorAll('[aria-label],[placeholder],[title],[alt],[aria-description]'),
    ]
      .flatMap((element) =>
        ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'].map((name) =>
          element.getAttribute(name),
        ),
      )
      .filter((value): value is string => Boolean(value));
    // innerText on purpose: what shows (textContent would add hidden nodes and inline scripts).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a guest reads
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });

/** One screen: <html lang> is the language, no key shows in place of a text, no English fallback, axe clean. */
async function checkScreen(
  page: Page,
  language: Language,
  screen: string,
  problems: string[],
  venueTexts: Set<string>,
): Promise<void> {
  const where = `${language} ${screen}`;
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe(HTML_LANG[language]);
  const texts = await pageTexts(page);
  const tokens = texts.split(/[\s"'“”‘’«»()[\],;!?¿¡]+/).map((token) => token.replace(/[.…:]+$/, ''));
  const keys = tokens.filter((token) => KEYS.has(token) || /^[a-z][\w-]*:[a-zA-Z]\w*(\.\w+)+$/.test(token));
  const english = englishOnly(language).filter(
    (sentence) => texts.includes(sentence) && !venueTexts.has(sentence),
  );
  expect({ where, keys, english }).toEqual({ where, keys: [], english: [] });
  expect(await accessibilityViolations(page), where).toEqual([]);
  expect(problems, where).toEqual([]);
  await screenshot(page, `languages-${language}-${screen}`, { fullPage: true });
}

const button = (page: Page, language: Language, namespace: string, path: string) =>
  page.getByRole('button', { name: text(language, namespace, path), exact: true });
const title = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Waits for the screen's h1 to change from the one before (each screen has one). */
async function nextScreen(page: Page, previous: string): Promise<string> {
  await expect.poll(async () => (await title(page).textContent()) ?? previous).not.toBe(previous);
  return (await title(page).textContent()) ?? '';
}

/**
 * Answers what a question screen needs before Next, whatever its language: each radio group without an
 * answer gets its 4th choice (a rating of 4) or, with fewer, its first (Yes); each slider its top.
 */
async function answerRequired(page: Page): Promise<void> {
  const radios = page.locator('input[type=radio]');
  const names = await radios.evaluateAll((inputs) => [
    ...new Set(inputs.map((input) => (input as HTMLInputElement).name)),
  ]);
  for (const name of names) {
    const choices = page.locator(`input[type=radio][name="${name}"]`);
    if (await choices.evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).checked)))
      continue;
    const count = await choices.count();
    await choices.nth(count >= 4 ? 3 : 0).check({ force: true });
  }
  for (const slider of await page.getByRole('slider').all()) {
    await slider.focus();
    await page.keyboard.press('End');
  }
}

/**
 * The dialogs a question screen opens, each checked and closed with Done: a dish rated good (menu
 * insight) and Sam thanked (the staff follow-up).
 */
async function openDialogs(page: Page, language: Language, check: (name: string) => Promise<void>) {
  const done = page.getByRole('button', { name: text(language, 'questions', 'modal.done'), exact: true });
  const openers = {
    dish: page.getByRole('button', { name: text(language, 'questions', 'menu.rating.good'), exact: true }),
    staff: page.getByRole('button', { name: 'Sam', exact: true }),
  };
  for (const [name, opener] of Object.entries(openers)) {
    if ((await opener.count()) === 0) continue;
    await opener.first().click();
    const dialog = page.getByRole('dialog').filter({ has: done });
    await dialog.waitFor();
    await check(name);
    await dialog.locator(done).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

describe.each(LANGUAGES)('journey 6: every guest screen in %s', (language) => {
  it(`says everything in ${language}, with no key or English fallback, axe-clean`, async () => {
    const context = await browser.newContext({
      locale: BROWSER_LOCALE[language],
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    // i18next's own word for a missing text, should the app ever log it; and any page error.
    const problems: string[] = [];
    // The venue's own texts (questions, labels) come in the venue's words and may match an app text.
    const venueTexts = new Set<string>();
    page.on('console', (message) => {
      if (/missingKey|missing key/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.route('**/api/v1/survey/config**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const survey of body.data?.surveys ?? []) survey.templateLocale = language;
      collectStrings(body, venueTexts);
      await route.fulfill({ response, json: body });
    });
    // The survey's language is changed in the browser's config answer above, so the venue address
    // starts from the app's index.html, as the service worker starts it, and not from the server's
    // render (which speaks the survey's stored language; first-screen.test.tsx renders it in German).
    await page.route(`${baseUrl}/demo-bistro`, async (route) =>
      route.fulfill({ response: await route.fetch({ url: `${baseUrl}/index.html` }) }),
    );
    const check = (screen: string) => checkScreen(page, language, screen, problems, venueTexts);

    await page.goto(`${baseUrl}/demo-bistro`);
    await title(page).waitFor();
    await check('checkin-pin');
    await page.goto(`${baseUrl}/demo-bistro/${RECEIPTS[language]}?branchId=1`);
    await button(page, language, 'checkin', 'getStarted.start').waitFor();
    await check('checkin-get-started');
    await button(page, language, 'checkin', 'getStarted.start').click();
    await page.waitForURL(`${baseUrl}/questions`);

    // The questions, screen by screen, answered as little as each allows.
    let heading = (await title(page).textContent()) ?? '';
    for (let screen = 1; !page.url().endsWith('/checkout'); screen += 1) {
      if (screen > 15) throw new Error(`${language}: still on the questions after 15 screens`);
      await check(`questions-${screen}`);
      await openDialogs(page, language, (name) => check(`questions-${screen}-${name}`));
      await answerRequired(page);
      const save = button(page, language, 'questions', 'menu.saveAndContinue');
      await ((await save.count()) > 0 ? save : button(page, language, 'questions', 'next')).click();
      await Promise.race([page.waitForURL(`${baseUrl}/checkout`), nextScreen(page, heading)]);
      heading = (await title(page).textContent()) ?? '';
    }
    await page.getByRole('heading', { level: 1, name: text(language, 'checkout', 'sentTitle') }).waitFor();
    await check('checkout');
    await button(page, language, 'checkout', 'dataCapture.noThanks').click();
    await page.waitForURL(`${baseUrl}/upload`);
    await title(page).waitFor();
    await check('upload');
    await button(page, language, 'upload', 'skip').click();
    await page.waitForURL(`${baseUrl}/recommend`);
    await check('recommend');
    await button(page, language, 'sharing', 'recommend.share').click();
    await page.waitForURL(`${baseUrl}/share`);
    await check('share');
    await button(page, language, 'sharing', 'share.done').click();
    await page.waitForURL(`${baseUrl}/thank-you`);
    await check('thank-you');

    for (const path of ['/error-404', '/install', '/privacy']) {
      await page.goto(`${baseUrl}${path}`);
      await title(page).waitFor();
      await check(path.slice(1));
    }
    await context.close();
  }, 240_000);
});
