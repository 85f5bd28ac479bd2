import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import {
  answerQuestions,
  checkInWithPin,
  heading,
  recordCreates,
  resendCreate,
  type SentCreate,
  scratch,
  storedAnswer,
} from './journey';
import { walkByKeyboard } from './keyboard-journey';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
const TRIPADVISOR = 'https://www.tripadvisor.co.uk/UserReviewEdit';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone (390 px) whose review site never goes out to the network: the new tab gets a stand-in. */
async function openPhone(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await context.route(`${TRIPADVISOR}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Review</title><p>Write a review</p>' }),
  );
  return context.newPage();
}

/** axe on the screen as it is now: 0 violations, named by the screen so a failure says where. */
const axeClean = (page: Page) => async (name: string) => {
  expect(await accessibilityViolations(page), name).toEqual([]);
};

/**
 * The response is stored once with the guest's answers: the same create (same guid) answers the first
 * id and secret, and the review survey.prompt drafts from the stored answers names what the guest said.
 */
async function expectStoredOnce(creates: SentCreate[], id: number, secret: string): Promise<void> {
  expect(creates).toHaveLength(1);
  const [create] = creates;
  if (!create) throw new Error('No create was sent');
  const { client, answer } = resendCreate(baseUrl, create);
  expect(await answer).toMatchObject({ id, secret });
  const prompt = await client.survey.prompt({ id, secret });
  expect(prompt.is_ai_valid).toBe(true);
  expect(prompt.text).toContain('A special thank you to Sam');
  expect(prompt.text).toContain('Beef burger');
  expect(prompt.text).toContain('I would recommend it to friends and family.');
}

describe('journey 1: demo-bistro with a receipt PIN, from check-in to thank-you', () => {
  it('every question type, voucher, email, recommend and share, stored once, axe-clean at 390 px', async () => {
    const page = await openPhone();
    const check = axeClean(page);
    const creates = recordCreates(page);
    await checkInWithPin(page, baseUrl, '123456', check);
    await answerQuestions(page, check);

    await heading(page, 'Your feedback has been sent');
    expect(page.url()).toBe(`${baseUrl}/checkout`);
    const answer = await storedAnswer(page);
    if (!answer) throw new Error('The checkout step kept no answer');
    await check('checkout');
    const voucher = answer.voucher;
    if (!voucher) throw new Error('demo-bistro issues a voucher');
    const region = page.getByRole('region', { name: 'Your voucher' });
    if (!voucher.scratched) {
      await check('scratch card');
      await scratch(page, region);
    }
    await region.getByText(voucher.code).waitFor();
    await check('voucher');

    // The email goes as a supplement of the same response.
    const form = page.getByRole('region', { name: 'Stay in touch' });
    await form.getByRole('textbox', { name: 'Email' }).fill('alex.guest@example.com');
    await form.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }).check();
    const supplement = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/survey/submit') && r.request().postDataJSON()?.type === 'supplement',
    );
    await form.getByRole('button', { name: 'Continue' }).click();
    const supplied = await supplement;
    expect(supplied.request().headers()['x-response-id']).toBe(String(answer.id));
    expect(supplied.request().postDataJSON().payload).toMatchObject({
      contact: { email: 'alex.guest@example.com' },
    });
    expect(await supplied.json()).toEqual({ data: { id: answer.id } });

    await page.waitForURL(`${baseUrl}/upload`);
    await heading(page, 'Add a photo of your visit');
    await check('upload');
    // Journey 8: a photo of 10,000,000 bytes is refused in the browser, before any request.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/survey/upload')) uploads += 1;
    });
    const oversize = Buffer.alloc(10_000_000, 0);
    oversize.set([0xff, 0xd8, 0xff, 0xe0]);
    await page
      .getByLabel('Upload file')
      .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: oversize });
    await page.getByRole('alert').getByText('Your upload must be under 10 MB').waitFor();
    await check('upload refused');
    await screenshot(page, `journey-1-oversize`, { fullPage: true });
    expect(uploads).toBe(0);

    const prompt = page.waitForResponse((r) => r.url().includes('/api/v1/survey/prompt'));
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(`${baseUrl}/recommend`);
    await heading(page, 'Recommend us');
    expect((await prompt).status()).toBe(200);
    const box = page.getByRole('textbox', { name: 'Your review' });
    await expect.poll(() => box.inputValue()).toContain('Beef burger');
    await check('recommend');

    await page.getByRole('button', { name: 'Share' }).click();
    await heading(page, 'Share your experience');
    await check('share');
    const track = page.waitForResponse((r) => r.url().includes('/api/v1/survey/track'));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /Review us on Tripadvisor/ }).click(),
    ]);
    const tracked = await track;
    expect(tracked.request().postDataJSON()).toEqual({ actions: ['shared_tripadvisor'] });
    expect(await tracked.json()).toEqual({ data: { recorded: 1 } });
    await popup.close();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${baseUrl}/thank-you`);
    await heading(page, 'Thank you for your feedback');
    await check('thank-you');
    await screenshot(page, `journey-1-thank-you`, { fullPage: true });

    await expectStoredOnce(creates, answer.id, answer.secret);
    await page.context().close();
  });

  it('the same journey with the keyboard alone: no pointer from PIN entry to thank-you', async () => {
    const page = await openPhone();
    const creates = recordCreates(page);
    // Every pointer press in the page is counted; a keyboard-only walk leaves it at 0.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('journey-pointer-presses') === null) {
        sessionStorage.setItem('journey-pointer-presses', '0');
      }
      addEventListener(
        'pointerdown',
        () => {
          const count = Number(sessionStorage.getItem('journey-pointer-presses') ?? 0);
          sessionStorage.setItem('journey-pointer-presses', String(count + 1));
        },
        true,
      );
    });
    const answer = await walkByKeyboard(page, baseUrl, '123460', axeClean(page));
    expect(await page.evaluate(() => sessionStorage.getItem('journey-pointer-presses'))).toBe('0');
    await expectStoredOnce(creates, answer.id, answer.secret);
    await page.context().close();
  });
});
