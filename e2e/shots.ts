import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Saves a screenshot for the design review (docs/design.md) when E2E_SCREENSHOTS names a folder, and
 * does nothing otherwise: CI never looked at the pictures it left in /tmp, and a full-page shot costs a
 * few hundred milliseconds on a busy 2-core machine (languages.test.ts alone took about 80).
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
