import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { answerDemoBistro, heading, recordCreates, resendCreate, storedAnswer } from './journey';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/**
 * Journey 9: this file runs a server of its own (its own port and DATA_DIR), so it can stop it under
 * the guest and start it again on the same port and data, as a restarted server would come back.
 */
/** This journey's own receipt (README: demo receipts). */
const PIN = '123461';
let server: OwnServer | undefined;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer('down');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('journey 9: the server goes down just before the submit', () => {
  it('shows the failure and Try again; after the restart one response is stored (same guid, same id)', async () => {
    if (!server) throw new Error('No server');
    const own = server;
    const { baseUrl } = own;
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const creates = recordCreates(page);
    // The last question screen is on show when the server stops; its Next sends the survey.
    await answerDemoBistro(page, baseUrl, PIN, async (screen) => {
      if (screen === 'demographics') await own.down();
    });

    await page.waitForURL(`${baseUrl}/checkout`);
    const alert = page.getByRole('alert').filter({ hasText: 'Sorry, we could not send your survey.' });
    await alert.waitFor();
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    expect(await accessibilityViolations(page), 'submit failed').toEqual([]);
    await screenshot(page, `server-down-1-failed`, { fullPage: true });
    expect(await storedAnswer(page)).toBeNull();
    expect(creates.length).toBeGreaterThanOrEqual(1);

    await own.up();
    await retry.click();
    await heading(page, 'Your feedback has been sent');
    const answer = await storedAnswer(page);
    if (!answer) throw new Error('The checkout step kept no answer');
    expect(await accessibilityViolations(page), 'sent after the retry').toEqual([]);

    // Every attempt carried the one guid of this survey run…
    const guids = new Set(creates.map((create) => create.payload.guid));
    expect(guids.size).toBe(1);
    // …and the server holds one response for it: the same create answers the same id and secret.
    const last = creates.at(-1);
    if (!last) throw new Error('No create was sent');
    expect(await resendCreate(baseUrl, last).answer).toMatchObject({ id: answer.id, secret: answer.secret });
    await context.close();
  }, 240_000);
});
