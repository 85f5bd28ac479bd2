import type { EditorQuestionKind } from '@venue-voice/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openVenue } from './browser';
import { text } from './catalogues';
import {
  consolePage,
  DEMO_SIGN_INS,
  noViolations,
  openDialog,
  previewFrame,
  responseCount,
  shot,
  signIn,
  title,
} from './console';
import { group, heading, storedAnswer, submitted } from './journey';
import { type OwnServer, startOwnServer } from './own-server';

// Issue 31's journey (its "Tests"): the owner makes a survey from nothing with one question of each
// kind "Add question" offers, translates it into German, previews it on a phone, publishes it and
// switches it live; a German guest answers it on a phone; the owner reads the answer in the inbox.
// Everything through the screens as a person would; the API only to count what was stored.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  // With the server's own caching on: the guest comes the moment the survey is switched on, though the
  // preview's reads (its menu, by the survey's address) looked the address up while it was still off.
  [server, browser] = await Promise.all([startOwnServer('survey-editor-journey'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const NAME = 'E2E Terrace';
const SLUG = 'e2e-terrace';

/** An English text of the survey and the German the owner gives it. */
type Text = readonly [english: string, german: string];

/** What the owner types for a question of each kind: its text, and the settings a guest needs. */
interface KindInput {
  /** The kind's entry in "Add question". */
  label: string;
  text: Text;
  /** Choices to offer (a choice, a drill-down's reasons). */
  answers?: readonly Text[];
  /** The one service of an overall-experience list: its name and its rating's label. */
  service?: { name: Text; label: Text };
}

/** One question of each kind (EDITOR_QUESTION_KINDS): a kind added to the editor must be added here. */
const KINDS = {
  rating: { label: 'Rating', text: ['How was the food?', 'Wie war das Essen?'] },
  choice: {
    label: 'Choice (dropdown, radio buttons, checkboxes)',
    text: ['How did you hear about us?', 'Wie haben Sie von uns erfahren?'],
    answers: [
      ['From friends', 'Von Freunden'],
      ['Social media', 'Soziale Medien'],
    ],
  },
  yesNoWhy: { label: 'Yes / no / why', text: ['Was this your first visit?', 'War das Ihr erster Besuch?'] },
  comment: { label: 'Comment', text: ['What should we change?', 'Was sollten wir ändern?'] },
  postcode: { label: 'Postcode', text: ['What is your postcode?', 'Wie lautet Ihre Postleitzahl?'] },
  positiveNegative: {
    label: 'Positive and negative comments',
    text: ['What did you like, and what not?', 'Was hat Ihnen gefallen, was nicht?'],
  },
  ratingDrilldown: {
    label: 'Drill-down on a rating',
    text: ['What let you down?', 'Was hat Sie enttäuscht?'],
    answers: [
      ['The wait', 'Die Wartezeit'],
      ['The noise', 'Der Lärm'],
    ],
  },
  npsFollowUp: { label: 'NPS follow-up', text: ['Why that score?', 'Warum diese Bewertung?'] },
  csatFollowUp: {
    label: 'CSAT follow-up',
    text: ['What would make you happier?', 'Was würde Sie zufriedener machen?'],
  },
  followUp: { label: 'Follow-up question', text: ['Tell us more', 'Erzählen Sie uns mehr'] },
  menuInsight: {
    label: 'Menu insight (rate dishes)',
    text: ['How were your dishes?', 'Wie waren Ihre Gerichte?'],
  },
  product: {
    label: 'Product question (needs a transaction)',
    text: ['Would you order the same again?', 'Würden Sie wieder dasselbe bestellen?'],
  },
  context: {
    label: 'Context question (party size, spend, time…)',
    text: ['Was there room for your whole party?', 'Hatte Ihre ganze Gruppe Platz?'],
  },
  services: {
    label: 'Overall experience (list of services)',
    text: ['How were our services?', 'Wie waren unsere Leistungen?'],
    service: { name: ['Terrace', 'Terrasse'], label: ['How was the terrace?', 'Wie war die Terrasse?'] },
  },
} as const satisfies Record<EditorQuestionKind, KindInput>;

/** The texts a new survey starts with (the console's surveys.blank, in English) and the survey's name. */
const STARTING_TEXTS: readonly Text[] = [
  [NAME, 'E2E Terrasse'],
  ['Your visit', 'Ihr Besuch'],
  ['Overall', 'Gesamteindruck'],
  ['Anything you would like to tell us?', 'Möchten Sie uns noch etwas sagen?'],
];

/** Every German text by its English one: what the owner types on the translations screen. */
const GERMAN = new Map<string, string>([
  ...STARTING_TEXTS,
  ...Object.values(KINDS).flatMap((kind: KindInput) => [
    kind.text,
    ...(kind.answers ?? []),
    ...(kind.service ? [kind.service.name, kind.service.label] : []),
  ]),
]);

/** What the guest writes in "What should we change?"; the inbox finds the response by it. */
const GUEST_COMMENT = 'E2ejourney: mehr Sonnenschirme auf der Terrasse';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Survey outline' });
const loaded = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor({ state: 'detached' });

/** "New survey": the name (the slug follows it), English, served at Demo Bistro Soho alone. */
async function createSurvey(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/console/surveys`);
  await title(page, 'Surveys');
  await page.getByRole('button', { name: 'New survey' }).click();
  const dialog = await openDialog(page, 'New survey');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(NAME);
  expect(await dialog.getByRole('textbox', { name: /^Address/ }).inputValue()).toBe(SLUG);
  expect(await dialog.getByLabel('Survey language').inputValue()).toBe('English');
  // Every branch is chosen at first, in their order: Backspace in the field takes the last one out.
  await dialog.getByRole('combobox', { name: /^Served at branches/ }).focus();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect.poll(() => dialog.getByText('Demo Bistro Soho', { exact: true }).count()).toBe(1);
  expect(await dialog.getByText('Demo Bistro Manchester', { exact: true }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Create survey' }).click();
  await title(page, NAME);
  await loaded(page);
}

/** "Add question" → the kind, then its text and the settings it needs, in the question's form. */
async function addQuestion(page: Page, kind: KindInput): Promise<void> {
  await outline(page).getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('menuitem', { name: kind.label, exact: true }).click();
  const question = page.getByRole('textbox', { name: 'Question', exact: true });
  await expect.poll(() => question.inputValue()).toBe('');
  await question.fill(kind.text[0]);
  for (const [n, [answer]] of (kind.answers ?? []).entries()) {
    await page.getByRole('button', { name: 'Add answer', exact: true }).click();
    await page.getByRole('textbox', { name: `Answer ${n + 1}`, exact: true }).fill(answer);
  }
  if (kind.service) {
    await page.getByRole('textbox', { name: 'Name of service 1' }).fill(kind.service.name[0]);
    await page.getByRole('textbox', { name: 'Label', exact: true }).fill(kind.service.label[0]);
  }
  await outline(page).getByRole('button', { name: kind.text[0], exact: true }).waitFor();
}

/** With "Missing only" on, each missing German text in turn, until none is missing. */
async function fillMissingGerman(page: Page): Promise<number> {
  const table = page.getByRole('table');
  let filled = 0;
  for (;;) {
    const boxes = table.getByRole('textbox');
    const left = await boxes.count();
    if (left === 0) break;
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('textbox') })
      .first();
    const english = ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
    const german = GERMAN.get(english);
    expect(german, `a German text for “${english}”`).toBeDefined();
    const box = row.getByRole('textbox');
    await box.fill(german ?? '');
    // Leaving the box takes its row out of "Missing only".
    await box.blur();
    await expect.poll(() => boxes.count()).toBe(left - 1);
    filled += 1;
  }
  return filled;
}

/** German words of the guest app (its catalogues), by namespace and key. */
const de = (namespace: string, path: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (words, [name, value]) => words.replace(`{{${name}}}`, String(value)),
    text('de', namespace, path),
  );

/** A rating of `name` given `score` out of 5, as a guest taps it. */
const rate = (page: Page | Locator, name: string, score: number) =>
  group(page, name)
    .getByRole('radio', { name: new RegExp(`^${de('questions', 'rating.outOf', { value: score, max: 5 })}`) })
    .check({ force: true });

/**
 * The guest's walk through the survey in German: the one screen of its section, then "About you", then
 * the submit. The engine asks no drill-down (no low rating), no product question (no receipt) and no
 * context question (no party size); the NPS and CSAT follow-ups (the survey has neither indicator) and
 * the follow-up question show as comment boxes, left empty like the menu to rate dishes from.
 */
async function answerAsGuest(page: Page): Promise<void> {
  const german = (kind: keyof typeof KINDS) => KINDS[kind].text[1];
  await heading(page, 'Ihr Besuch');
  await rate(page, 'Gesamteindruck', 4);
  await rate(page, german('rating'), 5);
  await group(page, german('choice')).getByRole('radio', { name: 'Von Freunden' }).check();
  await group(page, german('yesNoWhy'))
    .getByRole('radio', { name: de('questions', 'yes') })
    .check();
  await page.getByRole('textbox', { name: german('comment') }).fill(GUEST_COMMENT);
  await page.getByRole('textbox', { name: german('postcode') }).fill('10115');
  // The overall experience: its one service in a dialog of its own, rated and saved.
  await page.getByRole('button', { name: /Terrasse/ }).click();
  const service = page.getByRole('dialog', { name: 'Terrasse' });
  await rate(service, 'Wie war die Terrasse?', 5);
  await service.getByRole('button', { name: de('questions', 'modal.save') }).click();
  await service.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: de('questions', 'menu.saveAndContinue'), exact: true }).click();
  await heading(page, de('questions', 'demographics.title'));
  await page.getByRole('button', { name: de('questions', 'next') }).click();
  await submitted(page);
}

describe('the survey editor from nothing to a guest’s answer (issue 31)', () => {
  it('the owner makes a survey of every kind, translates, previews, publishes; a guest answers; the inbox shows it', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    const storedBefore = await responseCount(context, server.baseUrl);

    // 1. A new survey, and its editor.
    await createSurvey(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/surveys\/\d+$/);

    // 2. One question of each kind, with its text; none leaves a fault.
    for (const kind of Object.values(KINDS)) await addQuestion(page, kind);
    const kinds = Object.keys(KINDS).length;
    await outline(page)
      .getByRole('button', { name: `Questions (${kinds + 1})` })
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Publish' }).isEnabled()).toBe(true);
    expect(await page.getByRole('region', { name: /stops? publishing/ }).count()).toBe(0);
    expect(
      await outline(page)
        .getByText(/\d+ problems?$/)
        .count(),
    ).toBe(0);
    await noViolations(page, 'survey editor with every kind of question');
    await shot(page, 'survey-journey-editor');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved', { exact: true }).waitFor();
    await page.getByText('Draft saved, not published').waitFor();

    // 3. German offered, every missing text filled in, saved.
    await page.getByRole('link', { name: 'Translations' }).click();
    await title(page, `Translations: ${NAME}`);
    const missing = page.getByRole('list', { name: 'Missing texts per language' });
    await page.getByRole('checkbox', { name: 'Deutsch' }).check();
    await missing.getByText(`Deutsch: ${GERMAN.size} texts missing`).waitFor();
    const blocked = page.getByText('Cannot be published yet: texts are missing in Deutsch', { exact: false });
    await blocked.waitFor();
    await page.getByRole('switch', { name: 'Missing only' }).click();
    await noViolations(page, 'translations');
    await shot(page, 'survey-journey-translations');
    expect(await fillMissingGerman(page)).toBe(GERMAN.size);
    await page.getByText('Nothing is missing in Deutsch.').waitFor();
    await missing.getByText('Deutsch: complete').waitFor();
    expect(await blocked.count()).toBe(0);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Translations saved in the draft').waitFor();

    // The editor reads the draft as saved: German offered, nothing missing.
    await page.getByRole('link', { name: 'Back to the survey' }).click();
    await title(page, NAME);
    await loaded(page);
    expect(await page.getByRole('checkbox', { name: 'Deutsch' }).isChecked()).toBe(true);

    // 4. The preview on a phone, in German: the first screen's title is the section's German name;
    // nothing is stored.
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && url.pathname.startsWith('/api/v1/survey/'))
        writes.push(`${request.method()} ${url.pathname}`);
    });
    // The editor's Preview opens its pane (decision 0259); the full preview screen is a link from it.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('link', { name: 'Open the full preview' }).click();
    await title(page, 'Preview');
    await page.locator('label', { hasText: /^Deutsch$/ }).click();
    await page.locator('iframe[src*="language=de"]').waitFor();
    const frame = await previewFrame(page, 'Phone');
    expect(await page.getByTitle('The survey as a guest sees it on a Phone').getAttribute('width')).toBe(
      '390',
    );
    await frame.getByRole('heading', { level: 1, name: 'Ihr Besuch' }).waitFor();
    await shot(page, 'survey-journey-preview');
    expect(writes).toEqual([]);
    expect(await responseCount(context, server.baseUrl)).toBe(storedBefore);

    // 5. Publish (nothing stops it), then live on the list: a new survey starts switched off.
    await page.getByRole('link', { name: 'Back to the editor' }).click();
    await title(page, NAME);
    await loaded(page);
    const publish = page.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await page.getByText('Published: guests get the new version').waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();
    await page.goto(`${server.baseUrl}/console/surveys`);
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByText('v2', { exact: true }).waitFor();
    const live = row.getByRole('switch', { name: `Serve ${NAME} to guests` });
    expect(await live.isChecked()).toBe(false);
    // The switch shows the server's answer once stored: a click, then its state (the track takes the click).
    await live.click({ force: true });
    await expect.poll(() => live.isChecked()).toBe(true);

    // 6. A guest with a German phone answers it: the app's words and the survey's texts in German.
    const guestContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await openVenue(guest, `${server.baseUrl}/${SLUG}?branchId=1`);
    // The welcome screen names the survey in German.
    await heading(guest, 'E2E Terrasse');
    await guest.getByRole('button', { name: de('checkin', 'getStarted.start') }).click();
    // The visit: yesterday, at the time it offers.
    await heading(guest, de('checkin', 'aboutVisit.title'));
    await group(guest, de('checkin', 'aboutVisit.day'))
      .getByRole('radio', { name: de('checkin', 'aboutVisit.yesterday') })
      .check();
    await guest.getByRole('button', { name: de('checkin', 'actions.continue') }).click();
    await guest.waitForURL(`${server.baseUrl}/questions`);
    await answerAsGuest(guest);
    const answer = await storedAnswer(guest);
    expect(answer?.id).toBeGreaterThan(0);
    expect(await responseCount(context, server.baseUrl)).toBe(storedBefore + 1);

    // 7. The owner finds it in the inbox by what the guest wrote, and opens it.
    await page.goto(`${server.baseUrl}/console/responses`);
    await title(page, 'Responses');
    await page.getByLabel('Search what guests wrote').fill('e2ejourney');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/q=e2ejourney/);
    await page.getByText('1 shown').waitFor();
    await page.getByRole('link', { name: /Open the response of/ }).click();
    await title(page, /^Response of/);
    // The version the guest answered: 2 (creating the survey stored version 1); in German.
    const visit = page.getByRole('region', { name: 'Visit' });
    const fact = (term: string) =>
      visit.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`).textContent();
    expect([await fact('Survey'), await fact('Survey version'), await fact('Language')]).toEqual([
      NAME,
      '2',
      'German',
    ]);
    // Each answer under its question, in the survey's own language.
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText(GUEST_COMMENT).waitFor();
    expect(await answers.locator('p').allTextContents()).toEqual([
      KINDS.rating.text[0],
      '5 of 5 stars',
      KINDS.choice.text[0],
      KINDS.choice.answers[0][0],
      KINDS.yesNoWhy.text[0],
      'Yes',
      KINDS.comment.text[0],
      GUEST_COMMENT,
      KINDS.postcode.text[0],
      '10115',
      KINDS.services.text[0],
      `${KINDS.services.service.name[0]}: ${KINDS.services.service.label[0]} 5`,
    ]);
    await noViolations(page, 'the guest’s response');
    await guestContext.close();
    await context.close();
  }, 300_000);
});
