import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/services/storage';
import { databases } from './databases';
import * as corpus from './fixtures/images/generate';
import { call } from './harness';
import { S3RVER_KEY, startS3rver } from './storage-servers';
import { type Credentials, photoParts, startUploadHarness, type UploadHarness } from './upload-helpers';

const get = (h: UploadHarness, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

describe.each(databases())('serving uploads on $name', (target) => {
  let h: UploadHarness;
  let guest: Credentials;
  let urls: { imageUrl: string; thumbnailUrl: string };
  beforeAll(async () => {
    h = await startUploadHarness(target);
    guest = await h.newResponse();
    urls = (await h.upsert(guest, photoParts(await corpus.jpeg(800, 600)))).body.data;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the photo with safe headers and no credentials (the URL is the capability)', async () => {
    const r = await get(h, urls.imageUrl);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(r.headers['content-disposition']).toBe(`inline; filename="photo-${guest.id}.jpg"`);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(r.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(r.headers['content-length']).toBe(String(r.rawPayload.length));
    expect(r.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await sharp(r.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('answers the thumbnail under its own name', async () => {
    const r = await get(h, urls.thumbnailUrl);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(`inline; filename="photo-${guest.id}-thumb.jpg"`);
    expect(await sharp(r.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('a matching If-None-Match is 304 with no body', async () => {
    const first = await get(h, urls.imageUrl);
    const again = await get(h, urls.imageUrl, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('HEAD answers the headers', async () => {
    const r = await h.app.inject({ method: 'HEAD', url: urls.imageUrl });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['an unknown file of the response', () => `/api/v1/uploads/photos/${guest.id}/${'0'.repeat(32)}.jpg`],
    [
      'the right file under another response id',
      () => urls.imageUrl.replace(`/photos/${guest.id}/`, '/photos/999999/'),
    ],
    [
      'a response id that is not a number',
      () => urls.imageUrl.replace(`/photos/${guest.id}/`, '/photos/abc/'),
    ],
    ['a path with ..', () => '/api/v1/uploads/photos/1/..%2F..%2Fetc%2Fpasswd'],
    ['a file name of another shape', () => urls.imageUrl.replace('.jpg', '.png')],
    [
      'an upper-case name',
      () => urls.imageUrl.toUpperCase().replace('/API/V1/UPLOADS/PHOTOS', '/api/v1/uploads/photos'),
    ],
  ])('%s is 404 10014 with the envelope and the safe headers', async (_, url) => {
    const r = await call(h.app, { method: 'GET', url: url() });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 10014, ui: false });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a file the row names but the storage lost is 404, not 500', async () => {
    const c = await h.newResponse();
    const up = (await h.upsert(c, photoParts(await corpus.jpeg()))).body.data;
    await h.storage.delete(up.imageUrl.replace('/api/v1/uploads/', ''));
    const r = await call(h.app, { method: 'GET', url: up.imageUrl });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe(10014);
  });
});

describe('uploads through S3 storage (s3rver)', () => {
  let h: UploadHarness;
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vv-s3rver-'));
    server = await startS3rver(directory, 'photos-bucket');
    const storage = createS3Storage({
      endpoint: server.endpoint,
      bucket: 'photos-bucket',
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    });
    const [pglite] = databases();
    if (!pglite) throw new Error('no database target');
    h = await startUploadHarness(pglite, { storage });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores, serves, replaces and deletes a photo in the bucket', async () => {
    const guest = await h.newResponse();
    const first = (await h.upsert(guest, photoParts(await corpus.jpegWithGps()))).body.data;
    const served = await get(h, first.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const second = (await h.upsert(guest, photoParts(await corpus.gif()))).body.data;
    const key = (url: string) => url.replace('/api/v1/uploads/', '');
    expect(await h.storage.get(key(first.imageUrl))).toBeNull();
    expect(await h.storage.get(key(first.thumbnailUrl))).toBeNull();
    const kept = await h.storage.get(key(second.imageUrl));
    expect(kept).not.toBeNull();
    kept?.body.destroy();

    expect((await h.remove(guest)).body.data.deleted).toBe(true);
    expect(await h.storage.get(key(second.imageUrl))).toBeNull();
    expect(await h.storage.get(key(second.thumbnailUrl))).toBeNull();
  });
});

describe('uploads when the storage is down', () => {
  let h: UploadHarness;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every request is refused.
    const storage = createS3Storage({
      endpoint: 'http://127.0.0.1:9',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    });
    const [pglite] = databases();
    if (!pglite) throw new Error('no database target');
    h = await startUploadHarness(pglite, { storage });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an upsert answers 503 10021 (retryable) and stores no row', async () => {
    const guest = await h.newResponse();
    const r = await h.upsert(guest, photoParts(await corpus.jpeg()));
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe(10021);
    expect((await h.remove(guest)).body.data.deleted).toBe(false);
  });
});
