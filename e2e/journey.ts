import { createApiClient } from '@venue-voice/client';
import type { CreatePayload, Language, SubmitResponse } from '@venue-voice/domain';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openVenue } from './browser';

/** Shared steps of the guest journeys: the demo-bistro walk and waiting for the submit's answer. */

export const group = (page: Page | Locator, name: string) => page.getByRole('group', { name, exact: true });
export const next = (page: Page) => page.getByRole('button', { name: 'Next' });
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** Called on each screen and dialog the walk shows (e.g. to run axe there), with a short name. */
export type ScreenCheck = (name: string) => Promise<void>;
const noCheck: ScreenCheck = async () => {};

/** Waits until the submit step has the server's answer (whatever that step shows meanwhile). */
export async function submitted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const raw = sessionStorage.getItem('venue-voice-guest-session');
    return raw !== null && JSON.parse(raw).state.submitted !== null;
  });
}

/** The survey's answer as the checkout step kept it in the session. */
export async function storedAnswer(page: Page): Promise<SubmitResponse | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('venue-voice-guest-session');
    return raw ? (JSON.parse(raw).state.submitted as SubmitResponse | null) : null;
  });
}

/** A create the browser sent (survey.submit, type create): its headers and payload as they went out. */
export interface SentCreate {
  headers: Record<string, string>;
  payload: CreatePayload;
}

/** Records every create the page sends, so a test can send the very same one again. */
export function recordCreates(page: Page): SentCreate[] {
  const creates: SentCreate[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/v1/survey/submit')) return;
    const body = request.postDataJSON();
    if (body?.type === 'create') creates.push({ headers: request.headers(), payload: body.payload });
  });
  return creates;
}

/**
 * Sends a create the browser sent once more, through the typed client with the browser's own headers:
 * a response is stored once per guid, so the answer must be the first id and secret. Gives the client
 * too, for the calls that follow with those credentials.
 */
export function resendCreate(baseUrl: string, create: SentCreate) {
  const { headers } = create;
  const client = createApiClient({
    baseUrl,
    authType: 'web',
    clientId: headers['x-client-id'] ?? '',
    language: headers['x-language'] as Language | undefined,
    companyKey: headers['x-company'],
    branchId: headers['x-branch'] === undefined ? undefined : Number(headers['x-branch']),
    surveySlug: headers['x-survey-slug'],
  });
  return { client, answer: client.survey.create(create.payload, Number(headers['x-template-id'])) };
}

/**
 * Checks in at demo-bistro the way a guest with a receipt does: venue, receipt PIN, Continue. Ends on
 * the first question screen.
 */
export async function checkInWithPin(
  page: Page,
  baseUrl: string,
  pin: string,
  check = noCheck,
): Promise<void> {
  await openVenue(page, `${baseUrl}/demo-bistro`);
  await heading(page, 'Enter your receipt PIN');
  await check('check-in');
  await page
    .getByRole('combobox', { name: 'Where did you visit?' })
    .selectOption({ label: 'Demo Bistro Soho' });
  await page.getByRole('textbox', { name: 'Receipt PIN' }).fill(pin);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${baseUrl}/questions`);
}

/**
 * The shortest walk through demo-bistro's questions with a receipt PIN of branch 1 (a receipt backs one
 * response: each journey uses its own, README "demo data"): every rating 4 and a 10 for recommending
 * (so no drill-down shows, and the answers hold enough for a suggested review), one dish rated good,
 * Sam thanked, then the remaining screens. Ends on the submit step.
 */
export async function answerDemoBistro(
  page: Page,
  baseUrl: string,
  pin: string,
  check = noCheck,
): Promise<void> {
  await page.goto(`${baseUrl}/demo-bistro/${pin}?branchId=1`);
  await page.getByRole('button', { name: 'Start' }).click();
  await answerQuestions(page, check);
}

/** The guest's free texts in the walk below (the XSS test puts payloads in them). */
export interface GuestTexts {
  why: string;
  postcode: string;
  comments: string;
}
const GUEST_TEXTS: GuestTexts = {
  why: 'Friends recommended you',
  postcode: 'SW1A 1AA',
  comments: 'Lovely atmosphere',
};

/** The walk's first two screens: every rating 4, then a 10 for recommending (End on the slider). */
export async function rateAndRecommend(page: Page, check = noCheck): Promise<void> {
  await heading(page, 'How was your visit?');
  await check('ratings');
  for (const name of ['Food', 'Service', 'Atmosphere', 'Value for money', 'Overall satisfaction']) {
    await group(page, name)
      .getByRole('radio', { name: /^4 out of 5/ })
      .check({ force: true });
  }
  await next(page).click();
  await heading(page, 'How likely are you to recommend us?');
  await check('recommend score');
  await page.getByRole('slider', { name: 'Recommend' }).focus();
  await page.keyboard.press('End');
  await next(page).click();
}

/** The question screens of the walk above, from the first one to the submit. */
export async function answerQuestions(
  page: Page,
  check = noCheck,
  texts: Partial<GuestTexts> = {},
): Promise<void> {
  await rateAndRecommend(page, check);
  await heading(page, 'How were your dishes?');
  await check('menu insight');
  await group(page, 'Beef burger').getByRole('button', { name: 'Good' }).click();
  const dish = page.getByRole('dialog', { name: 'Beef burger' });
  await dish.waitFor();
  await check('dish dialog');
  await dish.getByRole('button', { name: 'Done' }).click();
  await group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await answerAfterDishes(page, check, texts);
}

/** The walk's screens after the dishes: Sam thanked, the selects and yes/no, comments, demographics. */
export async function answerAfterDishes(
  page: Page,
  check = noCheck,
  texts: Partial<GuestTexts> = {},
): Promise<void> {
  const { why, postcode, comments } = { ...GUEST_TEXTS, ...texts };
  await heading(page, 'Who looked after you?');
  await check('staff');
  await page.getByRole('button', { name: 'Sam', exact: true }).click();
  const thanks = page.getByRole('dialog', { name: 'Tell us more about Sam' });
  await thanks.getByRole('checkbox', { name: 'Friendly' }).check();
  await check('staff follow-up');
  await thanks.getByRole('button', { name: 'Done' }).click();
  await thanks.waitFor({ state: 'detached' });
  await next(page).click();
  await heading(page, 'A few questions');
  await check('selects and yes/no');
  await group(page, 'Was this your first visit?').getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'Why is that?' }).fill(why);
  await page
    .getByRole('combobox', { name: 'How did you hear about us?' })
    .selectOption({ label: 'Social media' });
  await page.getByRole('checkbox', { name: /Not applicable – What was the occasion/ }).check();
  await group(page, 'Which of these did you try?').getByRole('checkbox', { name: 'Desserts' }).check();
  await page.getByRole('textbox', { name: 'What is your postcode?' }).fill(postcode);
  await next(page).click();
  await heading(page, 'Anything else?');
  await check('comments');
  await page.getByRole('textbox', { name: 'Any positive comments' }).fill(comments);
  await next(page).click();
  await heading(page, 'About you');
  await check('demographics');
  await next(page).click();
}

/** Scratches the card with the pointer, row by row, until it goes (half scratched, G4.62). */
export async function scratch(page: Page, region: Locator): Promise<void> {
  const card = region.getByRole('img', { name: /Scratch card/ });
  // The card is 2:1 at most and grows taller only for a prize that needs it (at 390 px one demo
  // voucher's description takes two lines): the cover hides the whole prize and never widens the page.
  const box = await card.boundingBox();
  const prize = await region.locator('.scratch__card').boundingBox();
  if (!box || !prize) throw new Error('The scratch card has no box');
  expect(box).toEqual(prize);
  expect(box.width / box.height).toBeLessThanOrEqual(2.01);
  expect(box.width).toBeLessThanOrEqual(390);
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  for (let row = 0.05; row < 1; row += 0.15) {
    await page.mouse.move(box.x + 4, box.y + box.height * row, { steps: 2 });
    await page.mouse.move(box.x + box.width - 4, box.y + box.height * row, { steps: 16 });
  }
  await page.mouse.up();
  await card.waitFor({ state: 'detached' });
}

/**
 * demo-bistro on a receipt `pin` of branch 1 with the food rated 2: the drill-down "What let the food
 * down?" raises the complaint (D3.10), with `what` as what happened. `rateDish` is called on the dishes
 * screen (a receipt of the till's has dishes to rate; the demo receipts used here have none). Ends on
 * the "About you" screen.
 */
export async function complainAboutTheFood(
  page: Page,
  baseUrl: string,
  pin: string,
  { what = 'Cold plates', rateDish }: { what?: string; rateDish?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/demo-bistro/${pin}?branchId=1`);
  await page.getByRole('button', { name: 'Start' }).click();
  await heading(page, 'How was your visit?');
  const scores = { Food: 2, Service: 4, Atmosphere: 4, 'Value for money': 4, 'Overall satisfaction': 4 };
  for (const [name, score] of Object.entries(scores)) {
    await group(page, name)
      .getByRole('radio', { name: new RegExp(`^${score} out of 5`) })
      .check({ force: true });
  }
  await next(page).click();
  await heading(page, 'How likely are you to recommend us?');
  await page.getByRole('slider', { name: 'Recommend' }).focus();
  await page.keyboard.press('End');
  await next(page).click();
  await heading(page, 'Tell us more');
  await group(page, 'What let the food down?').getByRole('checkbox', { name: 'Temperature' }).check();
  await next(page).click();
  await page.getByRole('textbox', { name: 'Tell us what happened so we can put it right' }).fill(what);
  await next(page).click();
  await heading(page, 'How were your dishes?');
  await rateDish?.(page);
  await group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await heading(page, 'Who looked after you?');
  await next(page).click();
  await heading(page, 'A few questions');
  await group(page, 'Was this your first visit?').getByRole('radio', { name: 'No' }).check();
  await next(page).click();
  await heading(page, 'Anything else?');
  await next(page).click();
}
