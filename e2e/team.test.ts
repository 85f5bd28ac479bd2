import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { noViolations, openSettings, registerTablet, signInStaff, staffHome } from './device';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 7 item 2: on a registered tablet, Alex (PIN 1111, settings access) opens Manage team from the
 * settings, adds a member, edits them with a photo, toggles them inactive and deletes them; after a
 * reload Alex types the PIN again (decision 0197). A server of its own, so the demo team other journeys
 * sign in with stays as seeded.
 */
let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('team');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/** Alex signs in from a guest screen's Staff button (branch 1 has staff PINs on). */
async function signInAlex(page: Page) {
  await signInStaff(page, '1111');
  await page.getByText('Signed in: Alex').waitFor();
}

async function saveForm(page: Page, form: ReturnType<Page['getByRole']>, done: string) {
  await form.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: 'Express permission' })
    .getByRole('button', { name: 'Yes, save' })
    .click();
  await page.getByText(done).waitFor();
  await form.waitFor({ state: 'detached' });
}

describe('Manage team on a tablet (issue 7)', () => {
  it('adds a member, edits them with a photo, toggles and deletes them; axe finds nothing', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await registerTablet(page, own.baseUrl, `e2e-team-${Date.now()}`);
    await signInAlex(page);
    await openSettings(page);
    await page.getByRole('button', { name: 'Manage team' }).click();
    await page.waitForURL(`${own.baseUrl}/manage_team`);
    const grid = page.getByRole('list', { name: 'Team members' });
    await grid.waitFor();
    await expect(grid.getByRole('button', { name: 'Edit Alex' }).count()).resolves.toBe(0);
    await noViolations(page, 'manage team');

    await page.getByRole('button', { name: 'Add member' }).click();
    const add = page.getByRole('dialog', { name: 'Add team member' });
    await add.getByLabel('Display name').fill('Robin');
    await add.getByLabel('Full name').fill('Robin Example');
    await add.getByLabel('PIN', { exact: true }).fill('4812');
    await noViolations(page, 'member form');
    await saveForm(page, add, 'Team member added');
    await grid.getByRole('heading', { name: 'Robin' }).waitFor();

    await grid.getByRole('button', { name: 'Edit Robin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Robin' });
    const photo = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await edit
      .getByLabel('Upload file')
      .setInputFiles({ name: 'robin.jpg', mimeType: 'image/jpeg', buffer: photo });
    await edit.getByRole('button', { name: 'Delete photo' }).waitFor();
    await edit.getByLabel('Full name').fill('Robin Changed');
    await saveForm(page, edit, 'Team member saved');
    const avatar = grid.getByRole('listitem').filter({ hasText: 'Robin' }).locator('img');
    await avatar.waitFor();
    await expect(
      avatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).resolves.toBeGreaterThan(0);

    const toggle = grid.getByRole('switch', { name: 'Robin is active' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);

    await grid.getByRole('button', { name: 'Edit Robin' }).click();
    await page
      .getByRole('dialog', { name: 'Edit Robin' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete Robin?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Team member deleted').waitFor();
    await expect(grid.getByRole('heading', { name: 'Robin' }).count()).resolves.toBe(0);

    // A reload forgets the PIN Alex typed (decision 0197): the screen asks for a manager's PIN again.
    await page.reload();
    const signIn = page.getByRole('dialog', { name: 'Manager sign-in' });
    await signIn.getByLabel('Your PIN').fill('1111');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await grid.waitFor();
    await expect(grid.getByRole('heading', { name: 'Robin' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await staffHome(page);
    await context.close();
  }, 180_000);
});
