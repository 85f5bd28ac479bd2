import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_SIGN_INS } from '../apps/server/src/db/seed/demo-operators';
import { readOutbox } from '../apps/server/test/support/mail';
import { accessibilityViolations } from './browser';

/** Steps of the console's journeys (apps/console): signing in, its screens, the mails it sends. */

export { DEMO_SIGN_INS };

/** The two sizes the console is made for: a desktop, and a tablet held upright. */
export const CONSOLE_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
] as const;

export const title = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

export async function consolePage(
  browser: Browser,
  viewport: { width: number; height: number } = CONSOLE_VIEWPORTS[0],
) {
  const context = await browser.newContext({ locale: 'en-GB', viewport });
  return { context, page: await context.newPage() };
}

/** Signs in on the sign-in screen and waits for the console's home. */
export async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/console/sign-in`);
  await page.getByRole('textbox', { name: /e-mail address/i }).fill(who.email);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await title(page, /^Welcome/);
}

export const noViolations = async (page: Page, screen: string) =>
  expect(await accessibilityViolations(page), screen).toEqual([]);

/**
 * The dialog named `name` once it is open and its opening transition has ended: axe would otherwise
 * judge the contrast of a dialog still fading in.
 */
export async function openDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return dialog;
}

/**
 * Saves a full-page screenshot when CONSOLE_SHOTS names a folder (the design review's pictures; CI takes
 * none).
 */
export async function shot(page: Page, name: string) {
  const folder = process.env.CONSOLE_SHOTS;
  if (!folder) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
}

/** The one-time link of the newest mail to `to` in the server's outbox (DATA_DIR/outbox). */
export async function mailedLink(dataDir: string, to: string): Promise<string> {
  const mails = (await readOutbox(join(dataDir, 'outbox'))).filter((mail) => mail.to.includes(to));
  const text = mails.at(-1)?.text ?? '';
  const link = /https?:\/\/\S+\/console\/link\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`No console link mailed to ${to} (${mails.length} mails)`);
  return link;
}

/** Every response of the company the console lists to the context's operator (the inbox, page by page). */
export async function responseCount(context: BrowserContext, baseUrl: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const answer = await context.request.get(`${baseUrl}/api/v1/console/responses?${query}`);
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { items: unknown[]; nextCursor: string | null } };
    count += data.items.length;
    cursor = data.nextCursor;
  } while (cursor);
  return count;
}

/** The guest app in a survey preview's frame (/surveys/:id/preview), once it has started the survey. */
export async function previewFrame(page: Page, size: 'Phone' | 'Tablet'): Promise<Frame> {
  const element = page.getByTitle(`The survey as a guest sees it on a ${size}`);
  await element.waitFor();
  const frame = await (await element.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.waitForURL((url) => url.pathname === '/questions');
  return frame;
}
