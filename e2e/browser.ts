import AxeBuilder from '@axe-core/playwright';
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

/** Accessibility problems axe finds on the page, as short lines a failing test can print. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Presses a tablet's Upload button unless the tablet is already sending on its own (app start, the
 * online event): the button is then disabled while that runs and stays disabled once nothing is stored,
 * so a plain click would wait forever. Journeys check that the queue empties, not who started it.
 */
export async function startUpload(upload: Locator): Promise<void> {
  await upload.click({ timeout: 2_000 }).catch(() => undefined);
}
