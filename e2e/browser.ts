import AxeBuilder from '@axe-core/playwright';
import axe, { type AxeResults } from 'axe-core';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that reaches the network on its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * Accessibility problems axe finds on the page, as short lines a failing test can print. A page of one
 * frame (every screen of ours) runs axe.run in place, injecting axe only into a document that lacks it:
 * AxeBuilder's default opens a blank page and injects axe twice per call, which made each check four
 * times as long (docs/reliability.md), and is needed only to reach into frames.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A colour still in its transition (a calendar day's background easing out) is no colour a person
  // reads: let finite animations and transitions end before axe measures contrast.
  // A paused one never finishes: two seconds at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results =
    page.frames().length === 1 ? await runInPlace(page) : await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

async function runInPlace(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document));
}

/**
 * Presses a tablet's Upload button unless the tablet is already sending on its own (app start, the
 * online event): the button is then disabled while that runs and stays disabled once nothing is stored,
 * so a plain click would wait forever. Journeys check that the queue empties, not who started it.
 */
export async function startUpload(upload: Locator): Promise<void> {
  await upload.click({ timeout: 2_000 }).catch(() => undefined);
}

/**
 * Opens a venue address and waits until the app runs it: the server's first screen shows at once
 * (decision 0169) but answers a press only once hydrated, when the address becomes the step's.
 */
export async function openVenue(page: Page, url: string): Promise<void> {
  const address = new URL(url).pathname;
  await page.goto(url);
  await page.waitForURL((current) => current.pathname !== address);
}
