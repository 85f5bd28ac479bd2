import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseUploads } from '../src/db/schema';
import { databases } from './databases';
import * as corpus from './fixtures/images/generate';
import { call } from './harness';
import { type Credentials, photoParts, startUploadHarness, type UploadHarness } from './upload-helpers';

describe.each(databases())('survey.upload.upsert corpus on $name', (target) => {
  let h: UploadHarness;
  let guest: Credentials;
  beforeAll(async () => {
    h = await startUploadHarness(target);
    guest = await h.newResponse();
  });
  afterAll(async () => {
    await h?.close();
  });

  const row = async (responseId: number) =>
    (await h.database.db.select().from(responseUploads).where(eq(responseUploads.responseId, responseId)))[0];

  it('a JPEG with EXIF GPS is stored upright, as JPEG, with no GPS (nor any EXIF) in either file', async () => {
    const r = await h.upsert(guest, photoParts(await corpus.jpegWithGps()));
    expect(r.status).toBe(200);
    const hex = '[0-9a-f]{32}';
    expect(r.body.data).toEqual({
      imageUrl: expect.stringMatching(new RegExp(`^/api/v1/uploads/photos/${guest.id}/${hex}\\.jpg$`)),
      thumbnailUrl: expect.stringMatching(
        new RegExp(`^/api/v1/uploads/photos/${guest.id}/${hex}-thumb\\.jpg$`),
      ),
      width: 48,
      height: 64,
    });
    const stored = await row(guest.id);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 48, height: 64 });
    for (const key of [stored?.storageKey, stored?.thumbnailKey]) {
      // Read the copy on disk, not what the pipeline returned: this is what we keep and serve.
      const bytes = await readFile(join(h.dir, String(key)));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(corpus.exifGps(meta.exif)).toBeNull();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes('FixtureCam')).toBe(false);
    }
    // And what the browser gets back is the same clean file.
    const served = await h.app.inject({ method: 'GET', url: r.body.data.imageUrl });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['10,000,001 bytes', PHOTO_MAX_BYTES + 1],
    ['exactly 10,000,000 bytes (G5.20 rejects at the limit)', PHOTO_MAX_BYTES],
  ])('%s: 413 10027, and nothing is stored', async (_, size) => {
    const c = await h.newResponse();
    const r = await h.upsert(c, photoParts(await corpus.jpegOfSize(size)));
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({
      code: 10027,
      detail: { reason: 'tooLarge', limit: PHOTO_MAX_BYTES },
    });
    expect(r.body.error.message).toContain('10,000,000');
    expect(await row(c.id)).toBeUndefined();
    expect(await h.files(c.id)).toEqual([]);
  });

  it('9,999,999 bytes of valid JPEG is accepted (under the limit)', async () => {
    const c = await h.newResponse();
    const r = await h.upsert(c, photoParts(await corpus.jpegOfSize(PHOTO_MAX_BYTES - 1)));
    expect(r.status).toBe(200);
    expect(await h.files(c.id)).toHaveLength(2);
  });

  it.each([
    ['an SVG named .jpg, declared image/jpeg', corpus.svg, 'evil.jpg', 'image/jpeg', 415, 'svg', /SVG/],
    ['an SVG declared image/svg+xml', corpus.svg, 'logo.svg', 'image/svg+xml', 415, 'svg', /SVG/],
    ['HTML named .jpg', corpus.html, 'page.jpg', 'image/jpeg', 415, 'notImage', /not an image/],
    ['HEIC', corpus.heic, 'IMG_0001.HEIC', 'image/heic', 415, 'heic', /HEIC\/HEIF.*convert.*JPEG/],
    [
      'a pixel flood (30000×30000 PNG)',
      () => corpus.pngPixelFlood(),
      'flood.png',
      'image/png',
      413,
      'tooManyPixels',
      /too many pixels/,
    ],
    [
      'a PDF named .png',
      async () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
      'doc.png',
      'image/png',
      415,
      'notImage',
      /not an image/,
    ],
  ])(
    '%s is refused with 10027 and nothing is stored',
    async (_, make, filename, type, status, reason, message) => {
      const c = await h.newResponse();
      const r = await h.upsert(c, photoParts(await make(), filename, type));
      expect(r.status).toBe(status);
      expect(r.body.error).toMatchObject({ code: 10027, detail: { reason } });
      expect(r.body.error.message).toMatch(message);
      expect(await row(c.id)).toBeUndefined();
      expect(await h.files(c.id)).toEqual([]);
    },
  );

  it('a PNG declared as application/octet-stream with no extension is accepted by its bytes', async () => {
    const c = await h.newResponse();
    const r = await h.upsert(
      c,
      photoParts(await corpus.pngWithAlpha(), 'upload', 'application/octet-stream'),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ width: 40, height: 20 });
  });

  it('an upsert replaces the earlier photo: the new row is kept and the old files are deleted', async () => {
    const c = await h.newResponse();
    const first = await h.upsert(c, photoParts(await corpus.jpeg(80, 60)));
    const firstFiles = await h.files(c.id);
    expect(firstFiles).toHaveLength(2);
    const second = await h.upsert(c, photoParts(await corpus.webp()));
    expect(second.status).toBe(200);
    expect(second.body.data.imageUrl).not.toBe(first.body.data.imageUrl);
    const files = await h.files(c.id);
    expect(files).toHaveLength(2);
    expect(files.some((f) => firstFiles.includes(f))).toBe(false);
    expect((await row(c.id))?.width).toBe(30);
    for (const url of [first.body.data.imageUrl, first.body.data.thumbnailUrl]) {
      expect((await call(h.app, { method: 'GET', url })).body.error.code).toBe(10014);
    }
    expect((await h.app.inject({ method: 'GET', url: second.body.data.imageUrl })).statusCode).toBe(200);
  });

  it('concurrent upserts of one response leave one row and only its two files', async () => {
    const c = await h.newResponse();
    const image = await corpus.jpeg(50, 50);
    const answers = await Promise.all([1, 2, 3, 4].map(() => h.upsert(c, photoParts(image))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const stored = await row(c.id);
    const files = await h.files(c.id);
    expect(files.map((f) => `photos/${c.id}/${f}`).sort()).toEqual(
      [stored?.storageKey, stored?.thumbnailKey].sort(),
    );
  });

  it('delete removes the row and the files; a second delete, or one with no photo, is 200 too', async () => {
    const c = await h.newResponse();
    const up = await h.upsert(c, photoParts(await corpus.gif()));
    expect(up.status).toBe(200);
    const first = await h.remove(c);
    expect(first).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    expect(await row(c.id)).toBeUndefined();
    expect(await h.files(c.id)).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: up.body.data.imageUrl })).statusCode).toBe(404);
    expect(await h.remove(c)).toMatchObject({ status: 200, body: { data: { deleted: false } } });
    const never = await h.newResponse();
    expect(await h.remove(never)).toMatchObject({ status: 200, body: { data: { deleted: false } } });
  });
});
