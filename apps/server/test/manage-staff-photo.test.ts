import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/services/storage';
import { databases } from './databases';
import * as corpus from './fixtures/images/generate';
import { call, type Harness, insertDevice, startHarness } from './harness';
import { roomyLimiter } from './support/limiters';
import { multipart, type Part } from './upload-helpers';

const ALEX = { 'x-staff-pin': '1111' };

// Decision 0112: a member photo goes through the guest upload pipeline (json + image parts).
describe.each(databases())('manage.staff photos on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  // A storage of this file's own, so the test can see which files exist.
  const dir = mkdtempSync(join(tmpdir(), 'vv-staff-photos-'));
  /** The photos and thumbnails under staff/1 (the demo branch), without the local storage's sidecars. */
  const files = () => {
    try {
      return readdirSync(join(dir, 'staff', '1'))
        .filter((file) => !file.startsWith('.'))
        .sort();
    } catch {
      return [];
    }
  };
  beforeAll(async () => {
    h = await startHarness(target, {
      deps: () => ({ staffPinLimiter: roomyLimiter(), storage: createLocalStorage(dir) }),
    });
    device = await insertDevice(h.database);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (path: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts);
    return call(h.app, {
      method: 'POST',
      url: `/api/v1/manage/staff/${path}`,
      headers: { ...device, ...ALEX, 'content-type': contentType },
      payload,
    });
  };
  const parts = async (fields: object, image?: Buffer): Promise<Part[]> => [
    { name: 'json', body: JSON.stringify(fields), contentType: 'application/json' },
    {
      name: 'image',
      body: image ?? (await corpus.jpeg(400, 300)),
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    },
  ];
  const one = async (id: number) =>
    (
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/manage/staff/listing/${id}`,
        headers: { ...device, ...ALEX },
      })
    ).body.data.staff;
  const get = (url: string) => call(h.app, { method: 'GET', url });

  it('add with a photo stores it and its thumbnail, served as JPEG; a new photo replaces it; deleteImage removes it', async () => {
    const r = await send('add', await parts({ displayName: 'Pia', fullName: 'Pia Photo', weight: 20 }));
    expect(r.status).toBe(200);
    const id = r.body.data.id as number;
    const first = await one(id);
    expect(first.imageUrl).toMatch(/^\/api\/v1\/uploads\/staff\/1\/[0-9a-f]{32}\.jpg$/);
    expect(first.thumbnailUrl).toMatch(/-thumb\.jpg$/);
    const served = await h.app.inject({ method: 'GET', url: first.imageUrl });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const again = await send(`update/${id}`, await parts({ weight: 21 }, await corpus.webp()));
    expect(again.status).toBe(200);
    const second = await one(id);
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(second.weight).toBe(21);
    expect((await get(first.imageUrl)).status).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: second.thumbnailUrl })).statusCode).toBe(200);

    const removed = await call(h.app, {
      method: 'POST',
      url: `/api/v1/manage/staff/update/${id}`,
      headers: { ...device, ...ALEX },
      payload: { deleteImage: true },
    });
    expect(removed.status).toBe(200);
    expect(await one(id)).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect((await get(second.imageUrl)).status).toBe(404);
  });

  it('a photo that is not an image is 415 10027 and nothing is saved; invalid fields are 10025 before any photo is kept', async () => {
    const bad = await send('add', await parts({ displayName: 'Rex', fullName: 'Rex Svg' }, corpus.svg()));
    expect([bad.status, bad.body.error.code]).toEqual([415, 10027]);
    const invalid = await send('add', await parts({ displayName: 'Alex', fullName: 'Another Alex' }));
    expect([invalid.status, invalid.body.error.code]).toEqual([400, 10025]);
    const staff = (
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/manage/staff/listing',
        headers: { ...device, ...ALEX },
      })
    ).body.data.staff as { displayName: string; fullName: string }[];
    expect(staff.map((m) => m.displayName)).not.toContain('Rex');
    expect(staff.map((m) => m.fullName)).not.toContain('Another Alex');
  });

  it('decision 0112: a refused save stores no file; a replaced photo and a deleted member leave none behind', async () => {
    const before = files();
    const refused = await send('add', await parts({ displayName: 'alex', fullName: 'Alex Again' }));
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(files()).toEqual(before);
    const id = (await send('add', await parts({ displayName: 'Ola', fullName: 'Ola File' }))).body.data.id;
    const name = (url: string) => url.split('/').pop() ?? '';
    const first = await one(id);
    expect(files()).toEqual([...before, name(first.imageUrl), name(first.thumbnailUrl)].sort());
    await send(`update/${id}`, await parts({}));
    const second = await one(id);
    expect(files()).toEqual([...before, name(second.imageUrl), name(second.thumbnailUrl)].sort());
    const deleted = await call(h.app, {
      method: 'POST',
      url: `/api/v1/manage/staff/delete/${id}`,
      headers: { ...device, ...ALEX },
    });
    expect(deleted.status).toBe(200);
    expect(files()).toEqual(before);
  });

  it('an unknown staff photo URL is 404 10014', async () => {
    const r = await get(`/api/v1/uploads/staff/1/${'a'.repeat(32)}.jpg`);
    expect([r.status, r.body.error.code]).toEqual([404, 10014]);
  });
});
