import type { SubmitResponse } from '@venue-voice/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const group = (page: Page | Locator, name: string) => page.getByRole('group', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/**
 * Every journey of the e2e run shares one database, and a receipt takes one response (10031): the
 * questions journey also finishes with PIN 123456. So these journeys send their creates without the
 * receipt reference (pinCode ''), which keeps them independent of the order files run in; the rest of
 * the payload, the guid and the server's answer are real. `failNext` makes the next request fail as
 * if the connection were lost.
 */
async function detachReceipt(page: Page): Promise<{ guids: string[]; failNext: () => void }> {
  const guids: string[] = [];
  let failing = false;
  await page.route('**/api/v1/survey/submit', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    guids.push(body.payload?.guid);
    if (failing) {
      failing = false;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue({
      postData: JSON.stringify({ ...body, payload: { ...body.payload, pinCode: '' } }),
    });
  });
  return {
    guids,
    failNext: () => {
      failing = true;
    },
  };
}

/** The survey's answer as the thank-you step kept it in the session. */
async function storedAnswer(page: Page): Promise<SubmitResponse | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('venue-voice-guest-session');
    return raw ? (JSON.parse(raw).state.submitted as SubmitResponse | null) : null;
  });
}

/**
 * The shortest walk through demo-bistro's questions (as e2e/questions.test.ts answers them): every
 * rating 4 and a 10 for recommending, so no drill-down shows, one dish, then the remaining screens.
 */
async function answerQuestions(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/demo-bistro/123456?branchId=1`);
  await page.getByRole('button', { name: 'Start' }).click();
  await heading(page, 'How was your visit?');
  for (const name of ['Food', 'Service', 'Atmosphere', 'Value for money', 'Overall satisfaction']) {
    await group(page, name)
      .getByRole('radio', { name: /^4 out of 5/ })
      .check({ force: true });
  }
  await next(page).click();
  await heading(page, 'How likely are you to recommend us?');
  await page.getByRole('slider', { name: 'Recommend' }).focus();
  await page.keyboard.press('End');
  await next(page).click();
  await heading(page, 'How were your dishes?');
  await group(page, 'Beef burger').getByRole('button', { name: 'Good' }).click();
  await page.getByRole('dialog', { name: 'Beef burger' }).getByRole('button', { name: 'Done' }).click();
  await group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await heading(page, 'Who looked after you?');
  await page.getByRole('textbox', { name: /thank someone from the team/ }).fill('Sam');
  await next(page).click();
  await heading(page, 'A few questions');
  await group(page, 'Was this your first visit?').getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'Why is that?' }).fill('Friends recommended you');
  await page
    .getByRole('combobox', { name: 'How did you hear about us?' })
    .selectOption({ label: 'Social media' });
  await page.getByRole('checkbox', { name: /Not applicable – What was the occasion/ }).check();
  await group(page, 'Which of these did you try?').getByRole('checkbox', { name: 'Desserts' }).check();
  await page.getByRole('textbox', { name: 'What is your postcode?' }).fill('SW1A 1AA');
  await next(page).click();
  await heading(page, 'Anything else?');
  await page.getByRole('textbox', { name: 'Any positive comments' }).fill('Lovely atmosphere');
  await next(page).click();
  await heading(page, 'About you');
  await next(page).click();
}

describe('checkout: demo-bistro with receipt PIN 123456', () => {
  it('submits the survey once, thanks the guest and shows the voucher, accessibly at 390 px', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { guids: submits } = await detachReceipt(page);
    await answerQuestions(page);

    await heading(page, 'Thank you for your feedback');
    expect(page.url()).toBe(`${baseUrl}/thank-you`);
    await page.getByText('Your feedback has been sent.').waitFor();
    const answer = await storedAnswer(page);
    expect(answer?.id).toBeGreaterThan(0);
    expect(submits).toHaveLength(1);
    expect(await accessibilityViolations(page), 'thank-you').toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/checkout-1-thank-you.png`, fullPage: true });

    // demo-bistro has two vouchers: the server issues one, under a scratch card (G4.60, G4.61).
    const voucher = answer?.voucher;
    expect(voucher).not.toBeNull();
    const region = page.getByRole('region', { name: 'Your voucher' });
    if (voucher && !voucher.scratched) {
      // Scratch with the pointer, row by row, until the card goes (half scratched, G4.62).
      const card = region.getByRole('img', { name: /Scratch card/ });
      const box = await card.boundingBox();
      if (!box) throw new Error('The scratch card has no box');
      // The 2:1 card shrinks to the phone's width instead of widening the page.
      expect(box.width).toBeLessThanOrEqual(390);
      expect(box.width / box.height).toBeCloseTo(2, 1);
      await page.mouse.move(box.x + 4, box.y + 4);
      await page.mouse.down();
      for (let row = 0.05; row < 1; row += 0.15) {
        await page.mouse.move(box.x + 4, box.y + box.height * row, { steps: 2 });
        await page.mouse.move(box.x + box.width - 4, box.y + box.height * row, { steps: 16 });
      }
      await page.mouse.up();
      await card.waitFor({ state: 'detached' });
    }
    await region.getByText(voucher?.code ?? '').waitFor();
    await region.getByText(voucher?.name ?? '').waitFor();
    expect(await accessibilityViolations(page), 'voucher').toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/checkout-2-voucher.png`, fullPage: true });

    // A reload shows the same answer without sending the survey again.
    await page.reload();
    await heading(page, 'Thank you for your feedback');
    await region.getByText(voucher?.code ?? '').waitFor();
    expect(submits).toHaveLength(1);
    await context.close();
  });

  it('G8: a lost connection says so, and Try again sends the same guid', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { guids, failNext } = await detachReceipt(page);
    failNext();
    await answerQuestions(page);

    const alert = page.getByRole('alert').filter({ hasText: 'Sorry, we could not send your survey.' });
    await alert.waitFor();
    expect(await accessibilityViolations(page), 'submit failed').toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/checkout-3-failed.png`, fullPage: true });
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(page, 'Thank you for your feedback');
    expect(guids).toHaveLength(2);
    expect(guids[1]).toBe(guids[0]);
    await context.close();
  });
});
