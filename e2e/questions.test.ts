import type { CreatePayload } from '@venue-voice/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { tabTo } from './keyboard-journey';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page (390 px wide, G: mobile first) in a context of its own. */
async function openPhone(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** Each screen: its title shows, axe finds nothing, a full-page screenshot saved (e2e/shots.ts). */
async function checkScreen(page: Page, title: string, shot: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await accessibilityViolations(page), title).toEqual([]);
  await screenshot(page, `questions-${shot}`, { fullPage: true });
}

const group = (page: Page | Locator, name: string) => page.getByRole('group', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/**
 * Checks in at demo-bistro with a receipt PIN at branch 1 and presses Start: 123457, the journey's own
 * receipt (README: demo receipts): a receipt backs one response (10031), and other files use others.
 * Once rated it is refused at check-in (decision 0174), so a journey that only looks up uses 123462.
 */
async function checkIn(page: Page, pin = '123457'): Promise<void> {
  await page.goto(`${baseUrl}/demo-bistro/${pin}?branchId=1`);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(`${baseUrl}/questions`);
}

async function storedPayload(page: Page): Promise<CreatePayload | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('venue-voice-guest-session');
    return raw ? (JSON.parse(raw).state.createPayload as CreatePayload | null) : null;
  });
}

describe('questions: demo-bistro with receipt PIN 123457', () => {
  it('answers every question type, screen by screen, accessibly, and stores the create payload', async () => {
    const page = await openPhone();
    await checkIn(page);

    // Ratings (emoji): Food 2 triggers the food drill-down; Service 4 opens the staff question.
    await checkScreen(page, 'How was your visit?', '1-ratings');
    await expect(next(page).isDisabled()).resolves.toBe(true);
    const scores: Record<string, number> = {
      Food: 2,
      Service: 4,
      Atmosphere: 4,
      'Value for money': 3,
      'Overall satisfaction': 5,
    };
    for (const [name, score] of Object.entries(scores)) {
      await group(page, name)
        .getByRole('radio', { name: new RegExp(`^${score} out of 5`) })
        .check({ force: true });
    }
    await next(page).click();

    // NPS: the slider starts empty; 5 is red and triggers the "more likely to recommend" drill-down.
    await checkScreen(page, 'How likely are you to recommend us?', '2-nps');
    const slider = page.getByRole('slider', { name: 'Recommend' });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe('Not answered yet');
    await slider.focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('5');
    await screenshot(page, `questions-2b-nps-set`, { fullPage: true });
    await next(page).click();

    // Drill-downs appear through the engine.
    await checkScreen(page, 'Tell us more', '3-drilldowns');
    const letDown = group(page, 'What let the food down?');
    await letDown.getByRole('checkbox', { name: 'Temperature' }).check();
    await letDown.getByRole('checkbox', { name: 'Wait time' }).check();
    await group(page, 'What would make you more likely to recommend us?')
      .getByRole('radio', { name: 'Faster service' })
      .check();
    await next(page).click();
    // The food drill-down's follow-up comes on its own screen, right after it.
    await page
      .getByRole('textbox', { name: 'Tell us what happened so we can put it right' })
      .fill('Cold plates');
    await checkScreen(page, 'Tell us more', '3b-follow-up');
    await next(page).click();

    // Menu insight: rate a dish from the receipt, give reasons and a comment in its dialog.
    await checkScreen(page, 'How were your dishes?', '4-menu');
    await group(page, 'Beef burger').getByRole('button', { name: 'Good' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beef burger' });
    // Each reason section under its own title (issue 26 item 6).
    await group(dialog, 'What did you like?').getByRole('checkbox', { name: 'Tasty' }).check();
    await dialog.getByRole('textbox', { name: 'Any comments on this dish?' }).fill('Perfectly cooked');
    expect(await accessibilityViolations(page), 'dish dialog').toEqual([]);
    await screenshot(page, `questions-4b-dish-dialog`);
    // Closing with unsaved answers asks first; Cancel goes back to the dialog.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The search needs three characters, then lists matching dishes.
    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await search.fill('ch');
    await page.getByText('More characters required').waitFor();
    await search.fill('chicken');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    await screenshot(page, `questions-4c-menu-search`, { fullPage: true });
    // The product question needs the transaction: "No" asks why.
    await group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'No' }).check();
    await page.getByRole('textbox', { name: 'Why is that?' }).fill('Too sweet');
    expect(await accessibilityViolations(page), 'menu screen filled').toEqual([]);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Staff: branch 1's active team (Jo is inactive), from the staff edge with no PIN codes (0011).
    await checkScreen(page, 'Who looked after you?', '5-staff');
    for (const name of ['Alex', 'Sam', 'Priya', 'Tom', 'Mia']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    await expect(page.getByRole('button', { name: 'Jo', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Bar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Alex', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Sam', exact: true }).click();
    const thanks = page.getByRole('dialog', { name: 'Tell us more about Sam' });
    await thanks.getByRole('checkbox', { name: 'Friendly' }).check();
    await thanks.getByRole('textbox', { name: "Anything you'd like to add?" }).fill('Great service');
    expect(await accessibilityViolations(page), 'staff dialog').toEqual([]);
    await screenshot(page, `questions-5b-staff-dialog`);
    await thanks.getByRole('button', { name: 'Done' }).click();
    await thanks.waitFor({ state: 'detached' });
    await expect(
      page.getByRole('button', { name: 'Sam', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await next(page).click();

    // Other questions: yes/no/why, dropdown, radio with not applicable, checkboxes, postcode.
    await checkScreen(page, 'A few questions', '6-questions');
    await group(page, 'Was this your first visit?').getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('textbox', { name: 'Why is that?' }).fill('Friends recommended you');
    await page
      .getByRole('combobox', { name: 'How did you hear about us?' })
      .selectOption({ label: 'Social media' });
    await page.getByRole('checkbox', { name: /Not applicable – What was the occasion/ }).check();
    const tried = group(page, 'Which of these did you try?');
    await tried.getByRole('checkbox', { name: 'Cocktails' }).check();
    await tried.getByRole('checkbox', { name: 'Desserts' }).check();
    const postcode = page.getByRole('textbox', { name: 'What is your postcode?' });
    await postcode.pressSequentially('SW1A 1AA plus');
    await expect(postcode.inputValue()).resolves.toBe('SW1A 1AA p');
    await page.getByText('A postcode has at most 10 characters.').waitFor();

    // The overall-experience services (issue 26 item 4): each opens its own questions in a dialog.
    const experience = group(page, 'How was each part of your visit?');
    const foodService = experience.getByRole('button', { name: /^Food/ });
    await expect(foodService.textContent()).resolves.toContain('Not answered yet');
    await foodService.click();
    const food = page.getByRole('dialog', { name: 'Food' });
    const save = food.getByRole('button', { name: 'Save' });
    const foodScore = (score: number) =>
      group(food, 'How was the food?').getByRole('radio', { name: new RegExp(`^${score} out of 5`) });
    const enjoyed = (name: string) => group(food, 'What did you enjoy?').getByRole('checkbox', { name });
    // Save waits for both required sub-questions.
    await expect(save.isDisabled()).resolves.toBe(true);
    await foodScore(4).check({ force: true });
    await expect(save.isDisabled()).resolves.toBe(true);
    await enjoyed('Taste').check();
    await expect(save.isDisabled()).resolves.toBe(false);
    expect(await accessibilityViolations(page), 'service dialog').toEqual([]);
    await screenshot(page, `questions-6c-service-dialog`);
    // Closing with answers asks: Cancel keeps them, Close drops them.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(enjoyed('Taste').isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
    await food.waitFor({ state: 'detached' });
    await expect(foodService.textContent()).resolves.toContain('Not answered yet');
    await foodService.click();
    await expect(foodScore(4).isChecked()).resolves.toBe(false);
    await foodScore(5).check({ force: true });
    await enjoyed('Taste').check();
    await enjoyed('Presentation').check();
    await save.click();
    await food.waitFor({ state: 'detached' });
    await expect(foodService.textContent()).resolves.toContain('Answered');
    expect(await accessibilityViolations(page), 'questions filled').toEqual([]);
    await screenshot(page, `questions-6b-filled`, { fullPage: true });
    await next(page).click();

    // Comments: the positive and negative boxes.
    await checkScreen(page, 'Anything else?', '7-comments');
    await page.getByRole('textbox', { name: 'Any positive comments' }).fill('Lovely atmosphere');
    await page.getByRole('textbox', { name: "Anything you'd like to be better" }).fill('Warmer plates');
    await next(page).click();

    // Demographics from the demographics edge.
    await checkScreen(page, 'About you', '8-demographics');
    await page.getByRole('combobox', { name: 'Age' }).selectOption({ label: '35-44' });
    await next(page).click();

    await checkScreen(page, 'Your feedback has been sent', '9-checkout');
    expect(page.url()).toBe(`${baseUrl}/checkout`);

    const payload = await storedPayload(page);
    expect(payload).not.toBeNull();
    expect(payload?.pinCode).not.toBe('');
    expect(payload?.transaction?.check.covers).toBe(2);
    expect(payload?.feedbackAlert).toBe(true);
    expect(payload?.answers.indicators).toEqual([
      { id: 1, score: 2 },
      { id: 2, score: 4 },
      { id: 3, score: 4 },
      { id: 4, score: 3 },
      { id: 5, score: 5 },
      { id: 6, score: 5 },
    ]);
    expect(payload?.answers.npsScore).toBe(5);
    const answers = Object.fromEntries((payload?.answers.questions ?? []).map((q) => [q.id, q.answer]));
    expect(answers[101]).toEqual({ choices: [1, 5] });
    expect(answers[102]).toEqual({ text: 'Cold plates' });
    expect(answers[103]).toEqual({ choices: [2] });
    expect(answers[110]?.extra?.menuInsight).toEqual([
      { ref: '1013', aspectRatingId: 3, reasons: [1], comment: 'Perfectly cooked' },
    ]);
    expect(answers[111]).toEqual({ choices: ['no'], text: 'Too sweet' });
    expect(answers[120]).toEqual({ choices: ['yes'], text: 'Friends recommended you' });
    expect(answers[121]).toEqual({ choices: [2] });
    expect(answers[122]).toEqual({ notApplicable: true });
    expect(answers[123]).toEqual({ choices: [1, 4] });
    expect(answers[125]).toEqual({ text: 'SW1A 1AA p' });
    expect(answers[126]).toEqual({
      extra: {
        services: [
          {
            id: 'food',
            answers: [
              { id: 'score', value: 5 },
              { id: 'liked', value: [1, 3] },
            ],
          },
        ],
      },
    });
    expect(answers[130]).toEqual({ choices: ['Lovely atmosphere', 'Warmer plates'] });
    // The party of two never saw the big-table question (context filter, G4.25).
    expect(payload?.questionMap).not.toContain(124);
    expect(payload?.staff).toEqual({
      renderType: 1,
      staffId: 2,
      subQuestions: [
        { question_type: 'tags', answers: [1] },
        { question_type: 'text', answers: ['Great service'] },
      ],
    });
    expect(payload?.demographics).toEqual([{ id: 2, value: '35-44' }]);
    await page.context().close();
  });

  it('can be answered with the keyboard alone, and a reload resumes the screen', async () => {
    const page = await openPhone();
    // The first journey rated 123457; this one never submits.
    await checkIn(page, '123462');
    await page.getByRole('heading', { level: 1, name: 'How was your visit?' }).waitFor();
    // Five rating groups: Tab into each, arrows to the value (the first arrow lands on 2).
    for (let index = 0; index < 5; index += 1) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Tab');
    await expect(next(page).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'How likely are you to recommend us?' }).waitFor();

    // A reload keeps the run: same screen, scores kept.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'How likely are you to recommend us?' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await expect(page.getByRole('slider').getAttribute('aria-valuenow')).resolves.toBe('10');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'How were your dishes?' }).waitFor();

    // A dish by keyboard: its rating opens the dialog with the focus inside; Escape closes it (nothing
    // unsaved) and the focus returns to the rating pressed.
    const good = group(page, 'Tomato soup').getByRole('button', { name: 'Good' });
    await tabTo(page, good);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Tomato soup' });
    await dialog.waitFor();
    // Polled: the dialog moves the focus in and back out after it has rendered, a frame later under load.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => good.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect(good.getAttribute('aria-pressed')).resolves.toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Save and continue' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Who looked after you?' }).waitFor();

    const run = await page.evaluate(() => {
      const raw = sessionStorage.getItem('venue-voice-guest-session');
      return raw ? (JSON.parse(raw).state.surveyRun.scores as Record<string, number>) : null;
    });
    expect(run).toEqual({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 10, 6: 4 });
    await page.context().close();
  });

  it('Back and Previous stay in the survey with the answers kept; the progress shows how far', async () => {
    const page = await openPhone();
    // Never submits; 123457 is rated by the first journey and refused at check-in since.
    await checkIn(page, '123462');
    const ratings = page.getByRole('heading', { level: 1, name: 'How was your visit?' });
    await ratings.waitFor();
    // The first screen's title takes the focus too, and is read with the progress (issue 26 item 9).
    await expect.poll(() => ratings.evaluate((title) => title === document.activeElement)).toBe(true);
    const progress = page.getByRole('progressbar', { name: 'Survey progress' });
    await expect(progress.getAttribute('aria-valuetext')).resolves.toBe('Step 1 of 8');
    await expect(page.getByText('Step 1 of 8').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Previous' }).count()).resolves.toBe(0);
    const food = (score: number) =>
      group(page, 'Food').getByRole('radio', { name: new RegExp(`^${score} out of 5`) });
    await food(2).check({ force: true });
    for (const name of ['Service', 'Atmosphere', 'Value for money', 'Overall satisfaction']) {
      await group(page, name)
        .getByRole('radio', { name: /^4 out of 5/ })
        .check({ force: true });
    }
    await next(page).click();

    await checkScreen(page, 'How likely are you to recommend us?', '10-previous-and-progress');
    await expect(progress.getAttribute('aria-valuetext')).resolves.toBe('Step 2 of 8');
    // The browser's Back: the ratings again, as given, still in the survey.
    await page.goBack();
    await ratings.waitFor();
    expect(page.url()).toBe(`${baseUrl}/questions`);
    await expect(food(2).isChecked()).resolves.toBe(true);
    await next(page).click();
    const slider = page.getByRole('slider', { name: 'Recommend' });
    await slider.focus();
    await page.keyboard.press('End');
    await next(page).click();

    // Food 2 brings the drill-down; Previous goes back to the score, kept.
    await page.getByRole('heading', { level: 1, name: 'Tell us more' }).waitFor();
    const temperature = group(page, 'What let the food down?').getByRole('checkbox', { name: 'Temperature' });
    await temperature.check();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('heading', { level: 1, name: 'How likely are you to recommend us?' }).waitFor();
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('10');
    // Forward (and Next) return to the drill-down with its box still ticked.
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Tell us more' }).waitFor();
    await expect(temperature.isChecked()).resolves.toBe(true);
    await screenshot(page, `questions-10b-forward-kept`, { fullPage: true });
    await page.context().close();
  });
});
