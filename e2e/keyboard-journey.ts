import type { SubmitResponse } from '@venue-voice/domain';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openVenue } from './browser';
import { group, heading, type ScreenCheck, storedAnswer } from './journey';

/**
 * Journey 1 with the keyboard alone: the walk of journey.ts (venue and receipt PIN, every rating 4, a
 * 10 for recommending, Beef burger good, Sam thanked, the remaining screens), then the voucher (Reveal),
 * an email, Skip the photo, the suggested review, one share, thank-you. Only Tab, arrows, Space, Enter
 * and typed text: each control is reached with Tab, as a keyboard user reaches it.
 */

/** Presses Tab until the target has the focus (at most 80 times, the page wraps round). */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target}`);
}

const press = async (page: Page, target: Locator, key = 'Enter') => {
  await tabTo(page, target);
  await page.keyboard.press(key);
};
const type = async (page: Page, target: Locator, text: string) => {
  await tabTo(page, target);
  await page.keyboard.type(text);
};
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });

async function questionsByKeyboard(page: Page, check: ScreenCheck): Promise<void> {
  await heading(page, 'How was your visit?');
  await check('ratings (keyboard)');
  for (const name of ['Food', 'Service', 'Atmosphere', 'Value for money', 'Overall satisfaction']) {
    // Tab lands on the group's first rating; each arrow checks the next one: 1 → 4.
    await tabTo(page, group(page, name).getByRole('radio').first());
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(
      group(page, name)
        .getByRole('radio', { name: /^4 out of 5/ })
        .isChecked(),
    ).resolves.toBe(true);
  }
  await press(page, nextButton(page));
  await heading(page, 'How likely are you to recommend us?');
  await check('recommend score (keyboard)');
  await press(page, page.getByRole('slider', { name: 'Recommend' }), 'End');
  await press(page, nextButton(page));

  await heading(page, 'How were your dishes?');
  await check('menu insight (keyboard)');
  await press(page, group(page, 'Beef burger').getByRole('button', { name: 'Good' }));
  const dish = page.getByRole('dialog', { name: 'Beef burger' });
  await expect.poll(() => dish.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await check('dish dialog (keyboard)');
  await press(page, dish.getByRole('button', { name: 'Done' }));
  await dish.waitFor({ state: 'detached' });
  await press(
    page,
    group(page, 'Would you order the same drinks again?').getByRole('radio', { name: 'Yes' }),
    'Space',
  );
  await press(page, page.getByRole('button', { name: 'Save and continue' }));

  await heading(page, 'Who looked after you?');
  await check('staff (keyboard)');
  await press(page, page.getByRole('button', { name: 'Sam', exact: true }));
  const thanks = page.getByRole('dialog', { name: 'Tell us more about Sam' });
  await press(page, thanks.getByRole('checkbox', { name: 'Friendly' }), 'Space');
  await check('staff follow-up (keyboard)');
  await press(page, thanks.getByRole('button', { name: 'Done' }));
  await thanks.waitFor({ state: 'detached' });
  await press(page, nextButton(page));

  await heading(page, 'A few questions');
  await check('selects and yes/no (keyboard)');
  await press(page, group(page, 'Was this your first visit?').getByRole('radio', { name: 'Yes' }), 'Space');
  await type(page, page.getByRole('textbox', { name: 'Why is that?' }), 'Friends recommended you');
  // A closed select takes typed letters as a search for the option.
  const heard = page.getByRole('combobox', { name: 'How did you hear about us?' });
  await type(page, heard, 'Social media');
  await expect(heard.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.label)).resolves.toBe(
    'Social media',
  );
  await press(page, page.getByRole('checkbox', { name: /Not applicable – What was the occasion/ }), 'Space');
  await press(
    page,
    group(page, 'Which of these did you try?').getByRole('checkbox', { name: 'Desserts' }),
    'Space',
  );
  await type(page, page.getByRole('textbox', { name: 'What is your postcode?' }), 'SW1A 1AA');
  await press(page, nextButton(page));
  await heading(page, 'Anything else?');
  await check('comments (keyboard)');
  await type(page, page.getByRole('textbox', { name: 'Any positive comments' }), 'Lovely atmosphere');
  await press(page, nextButton(page));
  await heading(page, 'About you');
  await check('demographics (keyboard)');
  await press(page, nextButton(page));
}

/** The whole journey; answers the submit's answer (id and secret of the stored response). */
export async function walkByKeyboard(
  page: Page,
  baseUrl: string,
  pin: string,
  check: ScreenCheck,
): Promise<SubmitResponse> {
  await openVenue(page, `${baseUrl}/demo-bistro`);
  await heading(page, 'Enter your receipt PIN');
  await check('check-in (keyboard)');
  const venue = page.getByRole('combobox', { name: 'Where did you visit?' });
  await type(page, venue, 'Demo Bistro Soho');
  await expect(venue.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.label)).resolves.toBe(
    'Demo Bistro Soho',
  );
  await type(page, page.getByRole('textbox', { name: 'Receipt PIN' }), pin);
  await press(page, page.getByRole('button', { name: 'Continue' }));
  await page.waitForURL(`${baseUrl}/questions`);
  await questionsByKeyboard(page, check);

  await heading(page, 'Your feedback has been sent');
  await check('checkout (keyboard)');
  const answer = await storedAnswer(page);
  if (!answer?.voucher) throw new Error('demo-bistro issues a voucher');
  const region = page.getByRole('region', { name: 'Your voucher' });
  // Without a pointer the card has its Reveal button.
  if (!answer.voucher.scratched) await press(page, region.getByRole('button', { name: 'Reveal' }));
  await region.getByText(answer.voucher.code).waitFor();
  await check('voucher (keyboard)');
  const form = page.getByRole('region', { name: 'Stay in touch' });
  await type(page, form.getByRole('textbox', { name: 'Email' }), 'kim.guest@example.com');
  await press(
    page,
    form.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }),
    'Space',
  );
  await press(page, form.getByRole('button', { name: 'Continue' }));

  await page.waitForURL(`${baseUrl}/upload`);
  await heading(page, 'Add a photo of your visit');
  await check('upload (keyboard)');
  await press(page, page.getByRole('button', { name: 'Skip' }));
  await page.waitForURL(`${baseUrl}/recommend`);
  const box = page.getByRole('textbox', { name: 'Your review' });
  await expect.poll(() => box.inputValue()).toContain('Beef burger');
  await check('recommend (keyboard)');
  await press(page, page.getByRole('button', { name: 'Share' }));

  await heading(page, 'Share your experience');
  await check('share (keyboard)');
  const track = page.waitForResponse((r) => r.url().includes('/api/v1/survey/track'));
  const popup = page.waitForEvent('popup');
  await press(page, page.getByRole('link', { name: /Review us on Tripadvisor/ }));
  expect((await track).request().postDataJSON()).toEqual({ actions: ['shared_tripadvisor'] });
  await (await popup).close();
  await page.bringToFront();
  await press(page, page.getByRole('button', { name: 'Done' }));
  await page.waitForURL(`${baseUrl}/thank-you`);
  await heading(page, 'Thank you for your feedback');
  await check('thank-you (keyboard)');
  return answer;
}
