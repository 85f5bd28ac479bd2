import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { complainAboutTheFood, heading, next, storedAnswer } from './journey';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/**
 * Issue 26 item 7: a guest whose answers raised a complaint (demo-bistro's food drill-down is marked
 * triggerComplaint) is asked on the checkout whether the venue may contact them about it (checkout mode
 * complained, G4.79, G5.25), the phone field takes numbers only (G5.23) and the demographic postcode ten
 * characters (G5.24); the server refuses what the form refuses. A server of its own (fresh demo data),
 * so its receipt is nobody else's.
 */
const RECEIPT = '123458';
let server: OwnServer | undefined;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('checkout-complaint');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('checkout of a guest who complained: demo-bistro, food rated 2', () => {
  it('the postcode takes 10 characters; the checkout asks about contact, refuses letters in the phone, sends it', async () => {
    const baseUrl = server?.baseUrl ?? '';
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const supplements: unknown[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/v1/survey/submit')) return;
      const body = request.postDataJSON();
      if (body?.type === 'supplement') supplements.push(body.payload);
    });
    await complainAboutTheFood(page, baseUrl, RECEIPT);

    // G5.24 The demographic postcode stops at 10 characters and says so.
    await heading(page, 'About you');
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await postcode.pressSequentially('SW1A 1AA and more');
    expect(await postcode.inputValue()).toBe('SW1A 1AA a');
    await page.getByText('A postcode has at most 10 characters.').waitFor();
    expect(await accessibilityViolations(page), 'demographics at the limit').toEqual([]);
    await screenshot(page, `complaint-1-postcode`, { fullPage: true });
    await next(page).click();

    // G4.79 Complained: no offers, but may the venue contact the guest about it?
    await heading(page, 'Your feedback has been sent');
    const answer = await storedAnswer(page);
    expect(answer?.id).toBeGreaterThan(0);
    const sorry = page.getByRole('region', { name: 'We are sorry' });
    await sorry.waitFor();
    expect(await page.getByRole('region', { name: 'Stay in touch' }).count()).toBe(0);
    const question = sorry.getByRole('group', { name: 'May Demo Bistro contact you about it?' });
    expect(await accessibilityViolations(page), 'complaint question').toEqual([]);
    await screenshot(page, `complaint-2-question`, { fullPage: true });

    await question.getByRole('radio', { name: 'Yes, please contact me' }).check();
    await sorry.getByRole('textbox', { name: 'Name' }).fill('Sam Guest');
    await sorry.getByRole('textbox', { name: 'Phone number' }).fill('ring me after six');
    await sorry.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }).check();
    await sorry.getByRole('button', { name: 'Continue' }).click();
    // G5.23 Letters are not a phone number.
    const phone = sorry.getByRole('textbox', { name: 'Phone number' });
    await sorry.getByText('Please enter numbers only').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(supplements).toEqual([]);
    expect(await accessibilityViolations(page), 'complaint contact refused').toEqual([]);
    await screenshot(page, `complaint-3-phone-refused`, { fullPage: true });

    // The server refuses what the form refuses (10025 on the field), with the response's own credentials.
    const refused = await page.request.post(`${baseUrl}/api/v1/survey/submit`, {
      headers: {
        'x-auth-type': 'web',
        'x-survey-slug': 'demo-bistro',
        'x-language': 'en-gb',
        'x-client-id': 'e2e',
        'x-response-id': String(answer?.id),
        'x-response-secret': answer?.secret ?? '',
      },
      data: { type: 'supplement', payload: { complaintContact: true, contact: { phone: 'ring me' } } },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      code: 10025,
      detail: { fields: [{ field: 'payload.contact.phone', message: 'form.numeric' }] },
    });

    await phone.fill('07700 900123');
    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/survey/submit') &&
        response.request().postDataJSON()?.type === 'supplement',
    );
    await sorry.getByRole('button', { name: 'Continue' }).click();
    expect((await sent).status()).toBe(200);
    expect(supplements).toEqual([
      { complaintContact: true, contact: { name: 'Sam Guest', phone: '07700 900123' } },
    ]);
    await page.waitForURL(`${baseUrl}/upload`);

    // Back on /checkout: it says what happens next instead of asking again.
    await page.goto(`${baseUrl}/checkout`);
    await heading(page, 'Your feedback has been sent');
    await page.getByText('Thank you. We will be in touch about your visit.').first().waitFor();
    expect(await page.getByRole('region', { name: 'We are sorry' }).count()).toBe(0);
    expect(supplements).toHaveLength(1);
    await context.close();
  });
});
