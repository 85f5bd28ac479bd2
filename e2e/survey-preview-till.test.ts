import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProduct } from '../apps/server/src/db/seed/demo-menu';
import { launchBrowser } from './browser';
import { consolePage, DEMO_SIGN_INS, previewFrame, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';

// Issue 31 item 4, decision 0260: a check the till sent (POST /integrations/transactions, as a till does)
// is picked in the preview's Engine panel, and the engine's list is what a guest with that receipt gets.
let server: OwnServer;
let browser: Browser;

const CHECK_ID = 'E2E-PREVIEW-1';

/** A transactions:write key made through the console as the owner, as `till:simulate` makes one. */
async function tillKey(baseUrl: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const session = await fetch(`${baseUrl}/api/v1/console/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify(DEMO_SIGN_INS.owner),
  });
  expect(session.status).toBe(200);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const made = await fetch(`${baseUrl}/api/v1/console/integration-keys`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'preview e2e', scopes: ['transactions:write'] }),
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return ((await made.json()) as { data: { key: string } }).data.key;
}

/** Demo Bistro's check for six at branch 1: two dishes and a drink, by the demo menu's refs. */
async function sendCheck(baseUrl: string, key: string): Promise<void> {
  const line = (name: string) => {
    const product = demoProduct(name);
    return {
      menuItemObjectNumber: product.ref,
      menuItemName: name,
      type: product.type,
      price: 10,
      quantity: 1,
    };
  };
  const sent = await fetch(`${baseUrl}/api/v1/integrations/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      branchId: 1,
      checkId: CHECK_ID,
      pin: '731946',
      tableId: '9',
      openedAt: '2026-06-12T18:40:00Z',
      covers: 6,
      subtotal: 96,
      items: [line('Tomato soup'), line('Cola'), line('Beef burger')],
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('survey-preview-till'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('survey preview on a till check (issue 31 item 4)', () => {
  it("the owner picks the till's check in the Engine panel: the receipt's questions and dishes are asked", async () => {
    await sendCheck(server.baseUrl, await tillKey(server.baseUrl));
    const { context, page } = await consolePage(browser, { width: 1280, height: 1000 });
    await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
    await page.goto(`${server.baseUrl}/console/surveys/1/preview`);
    await title(page, 'Preview');
    // The guest app in the frame moves focus to its first screen's heading: typing starts after that.
    await previewFrame(page, 'Phone');
    const engine = page.getByRole('region', { name: 'Engine' });
    const asked = engine.getByRole('list', { name: 'Questions asked, in order' });
    await asked.waitFor();
    expect(await asked.textContent()).not.toContain('Would you order the same drinks again?');

    await engine.getByText('A check from the till', { exact: true }).click();
    const picker = engine.getByRole('combobox', { name: 'Till check' });
    await picker.click();
    await picker.pressSequentially(CHECK_ID);
    await page.getByRole('option', { name: new RegExp(`^${CHECK_ID} · table 9 · `) }).click();
    // The visit is the check's opening on the branch's clock (London, summer time).
    await expect.poll(() => engine.getByLabel('Visit time').inputValue()).toBe('19:40');
    expect(await engine.getByLabel('Visit date').inputValue()).toBe('2026-06-12');

    // A product question needs a receipt; the menu-insight question names the food lines, not the cola;
    // six covers ask whether the table suited the group.
    await asked.getByText('Would you order the same drinks again?').waitFor();
    const list = (await asked.textContent()) ?? '';
    expect(list).toContain('Dishes from the receipt: Tomato soup, Beef burger');
    expect(list).toContain('Did the table suit your group?');
    const lines = engine.getByRole('table', { name: 'The check’s lines' });
    expect(await lines.getByRole('row').nth(2).textContent()).toMatch(/^ColaDrink/);

    const axe = await new AxeBuilder({ page }).include('[aria-labelledby="engine-title"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await shot(page, 'survey-preview-till');
    await context.close();
  });
});
