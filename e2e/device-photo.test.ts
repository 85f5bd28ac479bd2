import type { CreatePayload, UploadAnswer } from '@venue-voice/domain';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import {
  answerOffline,
  noViolations,
  openSettings,
  registerTablet,
  staffHome,
  submitResults,
  tabletClient,
} from './device';
import { type OwnServer, startOwnServer } from './own-server';
import { screenshot } from './shots';

/**
 * Issue 6 item 5 (decision 0100): a survey finished offline on a tablet, with contact details and a
 * photo, kept through a reload, then uploaded once online: the response, its supplement and the photo
 * are stored once, and nothing of the guest's details is left on the tablet. A server of its own.
 */
const RECEIPT = '123457';
const EMAIL = 'ann.offline@example.com';
let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer('device-photo');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/** Every record of an IndexedDB database's stores (read in the page), keyed by store. */
const dump = (page: Page, database: string) =>
  page.evaluate(
    (name) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const out: Record<string, unknown[]> = {};
          if (names.length === 0) return resolve(out);
          const tx = db.transaction(names);
          for (const store of names) {
            const all = tx.objectStore(store).getAll();
            all.onsuccess = () => {
              // Blobs do not survive JSON: their presence and size are what matter here.
              out[store] = all.result.map((value) =>
                value && typeof value === 'object' && 'blob' in value
                  ? { ...value, blob: (value as { blob: Blob }).blob.size }
                  : value,
              );
            };
          }
          tx.oncomplete = () => resolve(out);
          tx.onerror = () => reject(tx.error);
        };
      }),
    database,
  );
type Queue = {
  items: { response: string; type: string; args: { payload: unknown } }[];
  attention: unknown[];
};
/** The queue's state record; the store also keeps when contact details were given (decision 0142). */
const queueState = (records: unknown[] | undefined) =>
  (records?.find((record) => Array.isArray((record as Partial<Queue>).items)) ?? null) as Queue | null;
const storedQueue = async (page: Page) => queueState((await dump(page, 'venue-voice-queue')).queue);

describe('a tablet offline: contact details and a photo through the queue (issue 6 item 5)', () => {
  it('kept through a reload, then stored once each on the server, and nothing left on the tablet', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const creates: { guid: string; id: number; payload: CreatePayload }[] = [];
    const supplements: { status: number; id: number | undefined }[] = [];
    const uploads: UploadAnswer[] = [];
    await page.route('**/api/v1/survey/submit**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of submitResults(route.request(), response.status(), body)) {
        if (item.type === 'create' && item.status === 200 && item.data)
          creates.push({ guid: item.payload.guid, id: item.data.id, payload: item.payload });
        if (item.type === 'supplement') supplements.push({ status: item.status, id: item.data?.id });
      }
      await route.fulfill({ response, json: body });
    });
    await page.route('**/api/v1/survey/upload/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (route.request().url().endsWith('/upsert') && response.status() === 200) uploads.push(body.data);
      await route.fulfill({ response, json: body });
    });

    await registerTablet(page, own.baseUrl, `e2e-photo-${Date.now()}`);
    await openSettings(page);
    await page.getByRole('button', { name: 'Download menu products' }).click();
    const done = page.getByRole('dialog', { name: 'Congratulations' });
    await done.getByText('The menu has been downloaded.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();

    await page.goto(`${own.baseUrl}/staff`);
    await staffHome(page);
    // The screens after the questions open offline only from the worker's precache: wait until it is in.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A page loaded while the worker was still installing stays uncontrolled: load it again.
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      await staffHome(page);
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    await answerOffline(context, page, own.baseUrl, RECEIPT);
    await page.getByText(/A voucher is given only when your feedback reaches us/).waitFor();
    const form = page.getByRole('region', { name: 'Stay in touch' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Ann Offline');
    await form.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await form.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }).check();
    await noViolations(page, 'checkout saved on the tablet');
    await screenshot(page, `device-photo-1-checkout`, { fullPage: true });
    await form.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Add a photo of your visit' }).waitFor();
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#2c7bb5' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Upload file')
      .setInputFiles({ name: 'table.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText('Your photo is saved on this tablet and will be sent when it is online.').waitFor();
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
    await noViolations(page, 'upload saved on the tablet');
    await screenshot(page, `device-photo-2-upload`, { fullPage: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname !== '/upload');

    // Still offline, the app restarts from the worker's cache and keeps the create, the details and the photo.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const kept = await storedQueue(page);
    expect(kept?.items.map((item) => item.type)).toEqual(['submit', 'submit', 'upload']);
    expect(JSON.stringify(kept)).toContain(EMAIL);
    const guid = kept?.items[0]?.response ?? '';
    expect((await dump(page, 'venue-voice-queue')).photos).toHaveLength(1);

    // Online again: the tablet sends what waited on its own (D4.36), in one page, without staff.
    await context.setOffline(false);
    await expect.poll(async () => (await storedQueue(page))?.items.length, { timeout: 30_000 }).toBe(0);
    const after = await dump(page, 'venue-voice-queue');
    expect(queueState(after.queue)).toMatchObject({ attention: [] });
    expect(after.photos).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(EMAIL);

    // Stored once each: one create answered, one supplement for it, one photo, which the server serves.
    expect(creates.map((create) => create.guid)).toEqual([guid]);
    const id = creates[0]?.id;
    expect(supplements).toEqual([{ status: 200, id }]);
    expect(uploads).toHaveLength(1);
    const served = await fetch(`${own.baseUrl}${uploads[0]?.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    const { client } = await tabletClient(page, own.baseUrl);
    expect((await client.survey.create(creates[0]?.payload as CreatePayload, 1)).id).toBe(id);
    await context.close();
  }, 240_000);
});
