import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { answerDemoBistro, heading, scratch, storedAnswer } from './journey';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Watches survey.submit: the guid of each create and the payload of each supplement, both sent to the
 * real server unchanged. `failNext` makes the next create fail as if the connection were lost.
 */
async function watchSubmits(
  page: Page,
): Promise<{ guids: string[]; supplements: unknown[]; failNext: () => void }> {
  const guids: string[] = [];
  const supplements: unknown[] = [];
  let failing = false;
  await page.route('**/api/v1/survey/submit', async (route) => {
    const body = route.request().postDataJSON();
    if (body?.type !== 'create') {
      supplements.push(body?.payload);
      await route.continue();
      return;
    }
    guids.push(body.payload?.guid);
    if (failing) {
      failing = false;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  return {
    guids,
    supplements,
    failNext: () => {
      failing = true;
    },
  };
}

describe('checkout: demo-bistro with receipt PINs 123458 and 123459', () => {
  it('sends the survey once, shows the voucher, takes contact details as a supplement, accessibly at 390 px', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { guids: submits, supplements } = await watchSubmits(page);
    await answerDemoBistro(page, baseUrl, '123458');

    await heading(page, 'Your feedback has been sent');
    expect(page.url()).toBe(`${baseUrl}/checkout`);
    const answer = await storedAnswer(page);
    expect(answer?.id).toBeGreaterThan(0);
    expect(submits).toHaveLength(1);
    expect(await accessibilityViolations(page), 'checkout').toEqual([]);
    await screenshot(page, `checkout-1-sent`, { fullPage: true });

    // demo-bistro has two vouchers: the server issues one, maybe under a scratch card (G4.60, G4.61).
    const voucher = answer?.voucher;
    expect(voucher).not.toBeNull();
    const region = page.getByRole('region', { name: 'Your voucher' });
    if (voucher && !voucher.scratched) await scratch(page, region);
    await region.getByText(voucher?.code ?? '').waitFor();
    await region.getByText(voucher?.name ?? '').waitFor();
    expect(await accessibilityViolations(page), 'voucher').toEqual([]);
    await screenshot(page, `checkout-2-voucher`, { fullPage: true });

    // A reload shows the same answer and voucher without sending the survey again.
    await page.reload();
    await heading(page, 'Your feedback has been sent');
    await region.getByText(voucher?.code ?? '').waitFor();
    expect(submits).toHaveLength(1);

    // Data capture (demo: name, email, phone, birthday; its postcode is not asked for, decision 0060).
    const form = page.getByRole('region', { name: 'Stay in touch' });
    expect(await form.getByRole('textbox', { name: /postcode/i }).count()).toBe(0);
    await form.getByRole('textbox', { name: 'Name' }).fill('Sam Guest');
    await form.getByRole('textbox', { name: 'Email' }).fill('sam.guest@example.com');
    await form.getByRole('textbox', { name: 'Birthday' }).fill('24/08/1990');
    await form.getByRole('checkbox', { name: /hear about offers and events/ }).check();
    await form.getByRole('button', { name: 'Continue' }).click();
    // G5.19: giving details needs the privacy policy (with the demo's age, 18) accepted.
    const privacy = form.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' });
    await form.getByText('Please accept the privacy policy to continue').waitFor();
    expect(await privacy.getAttribute('aria-invalid')).toBe('true');
    expect(supplements).toHaveLength(0);
    expect(await accessibilityViolations(page), 'data capture refused').toEqual([]);
    await screenshot(page, `checkout-3-data-capture`, { fullPage: true });

    await privacy.check();
    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/survey/submit') &&
        response.request().postDataJSON()?.type === 'supplement',
    );
    await form.getByRole('button', { name: 'Continue' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect((await response.json()).data).toEqual({ id: answer?.id });
    expect(supplements).toEqual([
      {
        permitted: true,
        contact: { name: 'Sam Guest', email: 'sam.guest@example.com', birthday: '24/08/1990' },
      },
    ]);
    // G2.40: on to the photo step.
    await page.waitForURL(`${baseUrl}/upload`);

    // The last step keeps the voucher and sends nothing.
    await page.goto(`${baseUrl}/thank-you`);
    await heading(page, 'Thank you for your feedback');
    await page
      .getByRole('region', { name: 'Your voucher' })
      .getByText(voucher?.code ?? '')
      .waitFor();
    expect(await accessibilityViolations(page), 'thank-you').toEqual([]);
    await screenshot(page, `checkout-4-thank-you`, { fullPage: true });

    // Back on /checkout after a reload: nothing is sent again and the details are not asked for again.
    await page.goto(`${baseUrl}/checkout`);
    await heading(page, 'Your feedback has been sent');
    await page.getByText('Thank you, your details have been sent.').first().waitFor();
    expect(await page.getByRole('region', { name: 'Stay in touch' }).count()).toBe(0);
    expect(submits).toHaveLength(1);
    expect(supplements).toHaveLength(1);
    await context.close();
  });

  it('G8: a lost connection says so, and Try again sends the same guid', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { guids, failNext } = await watchSubmits(page);
    failNext();
    await answerDemoBistro(page, baseUrl, '123459');

    const alert = page.getByRole('alert').filter({ hasText: 'Sorry, we could not send your survey.' });
    await alert.waitFor();
    expect(await accessibilityViolations(page), 'submit failed').toEqual([]);
    await screenshot(page, `checkout-5-failed`, { fullPage: true });
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(page, 'Your feedback has been sent');
    expect(guids).toHaveLength(2);
    expect(guids[1]).toBe(guids[0]);

    // Nothing given: No thanks goes on without a supplement.
    await page.getByRole('button', { name: 'No thanks' }).click();
    await page.waitForURL(`${baseUrl}/upload`);
    await context.close();
  });
});
