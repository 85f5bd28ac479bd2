import type { UploadAnswer } from '@venue-voice/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from './browser';
import { answerDemoBistro, heading, submitted } from './journey';
import { screenshot } from './shots';

const baseUrl = inject('baseUrl');
const UPSERT = '**/api/v1/survey/upload/upsert';
/**
 * A real HEIC photo: 96 × 64 of plain #2c7bb5, HEVC-coded by libheif's heif-enc (Debian
 * libheif-examples), 389 bytes.
 */
const HEIC_PHOTO = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUJtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFmAAEAAAAAAAAAHwAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAwmlwcnAAAACkaXBjbwAAAHhodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQArQgEBA3AAAAMAkAAAAwAAAwAeoDCBBZbqSSmubgQEDAgAAAMACAAAAwAIQCIAAQAHRAHBcrAiQAAAABRpc3BlAAAAAAAAAGAAAABAAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAoMAAAAnbWRhdAAAABsoAa8TgOaocNP/+8FFf9H2r/xTUtJ5vZEMkmA=',
  'base64',
);

/** This journey's own receipt of branch 1 (a receipt backs one response: README "demo data"). */
const RECEIPT = '123464';
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every script the page loaded, to tell when the HEIC converter's chunk was fetched. */
const scripts: string[] = [];

const photo = (options: { width: number; height: number; noise?: boolean }) =>
  sharp({
    create: {
      width: options.width,
      height: options.height,
      channels: 3,
      background: '#b5542c',
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } } : {}),
    },
  });

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });
const choose = (files: ReturnType<typeof file>) => page.getByLabel('Upload file').setInputFiles(files);
const yourPhoto = () => page.getByRole('img', { name: 'Your photo' });

/** The upsert's answer, once the server has given it. */
async function upserted(action: () => Promise<void>): Promise<UploadAnswer> {
  const response = page.waitForResponse((r) => r.url().includes('/api/v1/survey/upload/upsert'));
  await action();
  const done = await response;
  expect(done.status()).toBe(200);
  return ((await done.json()) as { data: UploadAnswer }).data;
}

/** What the page put in the multipart `image` part (Playwright does not hand out bodies built from files). */
interface SentImage {
  size: number;
  name: string;
  head: number[];
}

/** Records each upload's image part in the page, before the app's code runs. */
function recordUploads(): void {
  const sent: SentImage[] = [];
  Object.assign(window, { sentImages: sent });
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const image = init?.body instanceof FormData ? init.body.get('image') : null;
    if (image instanceof File) {
      const head = [...new Uint8Array(await image.slice(0, 3).arrayBuffer())];
      sent.push({ size: image.size, name: image.name, head });
    }
    return original(input, init);
  };
}

const lastSent = () =>
  page.evaluate(() => (window as unknown as { sentImages: SentImage[] }).sentImages.at(-1) ?? null);
const JPEG_HEAD = [0xff, 0xd8, 0xff];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  await page.addInitScript(recordUploads);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await answerDemoBistro(page, baseUrl, RECEIPT);
  await submitted(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('/upload: demo-bistro after the submit, in Chromium against the real server', () => {
  it('the checkout step leads to the photo step, accessible at 390 px, without the HEIC converter', async () => {
    await page.getByRole('button', { name: /^(No thanks|Continue)$/ }).click();
    await page.waitForURL(`${baseUrl}/upload`);
    await heading(page, 'Add a photo of your visit');
    expect(await accessibilityViolations(page), 'empty step').toEqual([]);
    expect(scripts.filter((url) => url.includes('heic-to'))).toEqual([]);
  });

  it('uploads a small JPEG, shows the served thumbnail, keeps it after a reload', async () => {
    const jpeg = await photo({ width: 640, height: 480 }).jpeg().toBuffer();
    const answer = await upserted(() => choose(file('IMG_2041.jpg', 'image/jpeg', jpeg)));
    // A small photo goes as chosen, under our name rather than the guest's.
    expect(await lastSent()).toEqual({ size: jpeg.length, name: 'photo.jpg', head: JPEG_HEAD });
    expect(answer).toMatchObject({ width: 640, height: 480 });

    await page.getByRole('status').getByText('Your photo has been added.').waitFor();
    await expect.poll(() => yourPhoto().getAttribute('src')).toBe(answer.thumbnailUrl);
    await expect.poll(() => yourPhoto().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await accessibilityViolations(page), 'with a photo').toEqual([]);
    const box = await page.locator('.upload__card').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await screenshot(page, `upload-1-photo`, { fullPage: true });

    await page.reload();
    await heading(page, 'Add a photo of your visit');
    await expect.poll(() => yourPhoto().getAttribute('src')).toBe(answer.thumbnailUrl);
  });

  it('Delete removes the photo: the screen offers Skip again and the thumbnail is gone from the server', async () => {
    const thumbnail = (await yourPhoto().getAttribute('src')) ?? '';
    const deleted = page.waitForResponse((r) => r.url().includes('/api/v1/survey/upload/delete'));
    await page.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByRole('status').getByText('Your photo has been deleted.').waitFor();
    expect(await yourPhoto().count()).toBe(0);
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    expect((await page.request.get(`${baseUrl}${thumbnail}`)).status()).toBe(404);
  });

  it('an AVIF (refused by the server as it is) is turned into a JPEG by the browser and accepted', async () => {
    const avif = await photo({ width: 300, height: 200 }).avif().toBuffer();
    // The server refuses AVIF (415 heic), so a 200 means the browser sent something else: its JPEG.
    const answer = await upserted(() => choose(file('dish.avif', 'image/avif', avif)));
    expect(await lastSent()).toMatchObject({ name: 'photo.jpg', head: JPEG_HEAD });
    expect(answer).toMatchObject({ width: 300, height: 200 });
    await expect.poll(() => yourPhoto().getAttribute('src')).toBe(answer.thumbnailUrl);
  });

  it('a large photo is scaled in the browser before it is sent', async () => {
    const big = await photo({ width: 4000, height: 3000, noise: true }).jpeg({ quality: 85 }).toBuffer();
    expect(big.length).toBeGreaterThan(1_500_000);
    const answer = await upserted(() => choose(file('big.jpg', 'image/jpeg', big)));
    // 2560 × 1920 instead of 4000 × 3000: well under two thirds of the bytes even for pure noise.
    const sent = await lastSent();
    expect(sent?.head).toEqual(JPEG_HEAD);
    expect(sent?.size ?? big.length).toBeLessThan(big.length * 0.67);
    expect(answer).toMatchObject({ width: 2560, height: 1920 });
  });

  it('a lost connection offers Try again, which sends the photo', async () => {
    let fail = true;
    await page.route(UPSERT, async (route) => {
      if (!fail) return route.continue();
      fail = false;
      return route.abort('internetdisconnected');
    });
    const png = await photo({ width: 200, height: 200 }).png().toBuffer();
    await choose(file('drink.png', 'image/png', png));
    await page.getByRole('alert').getByText('We could not upload your photo.', { exact: false }).waitFor();
    await screenshot(page, `upload-2-failed`, { fullPage: true });
    const answer = await upserted(() => page.getByRole('button', { name: 'Try again' }).click());
    expect(answer).toMatchObject({ width: 200, height: 200 });
    expect(await lastSent()).toEqual({ size: png.length, name: 'photo.png', head: [0x89, 0x50, 0x4e] });
    await page.unroute(UPSERT);
  });

  it('a real HEIC photo is decoded in the browser (converter loaded only then) and arrives as a JPEG', async () => {
    expect(scripts.filter((url) => url.includes('heic-to'))).toEqual([]);
    const answer = await upserted(() => choose(file('IMG_0002.HEIC', 'image/heic', HEIC_PHOTO)));
    expect(scripts.filter((url) => url.includes('heic-to')).length).toBe(1);
    expect(await lastSent()).toMatchObject({ name: 'photo.jpg', head: JPEG_HEAD });
    expect(answer).toMatchObject({ width: 96, height: 64 });
    // The pixels survived the trip: the stored photo is the encoded blue (#2c7bb5), not a blank.
    const stored = await page.request.get(`${baseUrl}${answer.imageUrl}`);
    const [red, green, blue] = (await sharp(await stored.body()).stats()).channels.map((c) => c.mean);
    expect(blue).toBeGreaterThan((red ?? 0) + 80);
    expect(green).toBeGreaterThan((red ?? 0) + 40);
  });

  it('a HEIC photo the converter cannot read is refused and nothing is sent', async () => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/upload/upsert')) sent += 1;
    });
    // An ftyp box of brand heic with nothing decodable after it, named and typed as a JPEG.
    const broken = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
      Buffer.alloc(2_000, 7),
    ]);
    await choose(file('IMG_0001.jpg', 'image/jpeg', broken));
    await page
      .getByRole('alert')
      .getByText('This photo could not be converted on your device. Please choose a JPEG or PNG photo.')
      .waitFor({ timeout: 30_000 });
    expect(scripts.filter((url) => url.includes('heic-to')).length).toBe(1);
    expect(sent).toBe(0);
    // The photo sent before is still the one shown.
    expect(await yourPhoto().count()).toBe(1);
  });

  it('Continue moves on to the next step the survey offers (recommend)', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl}/recommend`);
  });
});
