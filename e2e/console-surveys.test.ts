import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, noViolations, openDialog, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

// The survey editor (issue 31) in Chromium against the real server, on a server of its own: the owner
// makes a survey, edits it, meets a fault beside its field, mends it, publishes, and restores the first
// version as the draft. Its surveys and versions are nobody else's.
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('console-surveys'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const outline = (page: Page) => page.getByRole('navigation', { name: 'Survey outline' });
const loaded = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor({ state: 'detached' });

describe('the survey editor', () => {
  it('the owner creates a survey, mends a fault beside its field, publishes version 2 and restores version 1 as the draft', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);

    await page.goto(`${server.baseUrl}/console/surveys`);
    await title(page, 'Surveys');
    await page.getByRole('link', { name: 'Edit Demo Bistro' }).waitFor();
    await noViolations(page, 'surveys list');
    await shot(page, 'surveys');

    // New survey: a name, the slug made of it, served at every branch.
    await page.getByRole('button', { name: 'New survey' }).click();
    const create = await openDialog(page, 'New survey');
    await create.getByRole('textbox', { name: /^Name/ }).fill('E2E Brunch');
    expect(await create.getByRole('textbox', { name: /^Address/ }).inputValue()).toBe('e2e-brunch');
    await noViolations(page, 'new survey dialog');
    await create.getByRole('button', { name: 'Create survey' }).click();
    await title(page, 'E2E Brunch');
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/surveys\/\d+$/);
    await loaded(page);
    await outline(page).getByRole('button', { name: 'Survey settings' }).waitFor();
    await noViolations(page, 'survey editor');
    await shot(page, 'survey-editor');

    // A section weight out of range (O15.6): its fault shows beside the field and Publish waits.
    await outline(page).getByRole('button', { name: 'Sections' }).click();
    const weight = page.getByRole('textbox', { name: /^Weight/ });
    await weight.fill('150');
    await expect.poll(() => weight.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('A weight goes from 0 to 100').first().waitFor();
    const publish = page.getByRole('button', { name: 'Publish' });
    expect(await publish.isDisabled()).toBe(true);
    await page.getByRole('region', { name: '1 problem stops publishing' }).waitFor();
    await noViolations(page, 'survey editor with a fault');
    await shot(page, 'survey-editor-fault');

    await weight.fill('90');
    await expect.poll(() => weight.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await page.getByText('Published: guests get the new version').waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();

    // The history names both versions; version 1 becomes the draft again.
    await page.getByRole('button', { name: 'History' }).click();
    const history = await openDialog(page, 'Published versions');
    await history.getByText('Version 2', { exact: true }).waitFor();
    await history.getByText('Version 1', { exact: true }).waitFor();
    await noViolations(page, 'history dialog');
    await history.getByRole('button', { name: 'Restore version 1 as draft' }).click();
    const confirm = await openDialog(page, 'Restore version 1 as the draft?');
    await confirm.getByRole('button', { name: 'Restore as draft' }).click();
    await page.getByText('Version 1 is now the draft').waitFor();
    await outline(page).getByRole('button', { name: 'Sections' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Weight/ }).inputValue()).toBe('100');
    // Version 2 stays live until the next publish; the draft waits beside it.
    await page.getByText('Draft', { exact: true }).first().waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/console/surveys`);
    const row = page.getByRole('row').filter({ hasText: 'E2E Brunch' });
    await row.getByText('v2', { exact: true }).waitFor();
    await row.getByText('Draft', { exact: true }).waitFor();
    await context.close();
  });

  it('the owner drags a question to another place in its section with a real pointer, and the draft keeps the order', async () => {
    const { context, page } = await consolePage(browser);
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    await page.goto(`${server.baseUrl}/console/surveys`);
    await page.getByRole('link', { name: 'Edit Demo Bistro' }).click();
    await title(page, 'Demo Bistro');
    await loaded(page);
    // The section "A few questions" of the demo starts: first visit, heard about us, occasion, …
    const order = () =>
      outline(page)
        .getByRole('button', { name: /^(Was this your first visit|How did you hear|What was the occasion)/ })
        .allTextContents();
    expect(await order()).toEqual([
      'Was this your first visit?',
      'How did you hear about us?',
      'What was the occasion?',
    ]);
    const handle = outline(page).getByRole('button', { name: 'Drag to reorder: What was the occasion?' });
    const target = outline(page).getByRole('button', { name: 'Drag to reorder: Was this your first visit?' });
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the handles are not drawn');
    // Press, move past the few pixels that start a drag, then on over the first question, in steps.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    // Not a full-page shot: that resizes the window, and a resize cancels a pointer drag (dnd-kit).
    await screenshot(page, 'console-survey-editor-dragging');
    await page.mouse.up();
    await expect
      .poll(order)
      .toEqual(['What was the occasion?', 'Was this your first visit?', 'How did you hear about us?']);
    await page
      .getByRole('status')
      .filter({ hasText: /What was the occasion\? dropped at position 1 of \d+\./ })
      .waitFor({ state: 'attached' });
    await noViolations(page, 'survey editor after a drag');
    await shot(page, 'survey-editor-dragged');

    // A question's answers have their handles too, beside the arrows.
    await outline(page).getByRole('button', { name: 'How did you hear about us?', exact: true }).click();
    const answers = page.getByRole('button', { name: /^Drag to reorder: Answer \d$/ });
    await expect.poll(() => answers.count()).toBe(5);
    await noViolations(page, 'question with its answers');
    await shot(page, 'survey-editor-answers');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').first().waitFor();
    await page.reload();
    await title(page, 'Demo Bistro');
    await loaded(page);
    await expect
      .poll(order)
      .toEqual(['What was the occasion?', 'Was this your first visit?', 'How did you hear about us?']);
    await context.close();
  });
});
