import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { parseCanonicalId } from '../src/lib/params';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness } from './harness';
import { smallJpeg } from './security/tenants';
import { create, createPayload } from './submit-fixtures';
import { roomyLimiter } from './support/limiters';
import { multipart, photoParts, responseHeaders, UPSERT } from './upload-helpers';

/** Spellings of the number n that are not its canonical decimal form (issue 27: `0x10` is not 16). */
const variants = (n: number) => [
  `0x${n.toString(16)}`,
  `${n}e0`,
  `${n / 10}e1`,
  `+${n}`,
  `${n}.0`,
  `%20${n}`,
  `${n}%20`,
  `0${n}`,
  `00${n}`,
  `-${n}`,
  `${n}n`,
  `0b${n.toString(2)}`,
];

describe('parseCanonicalId', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['0', null],
    ['01', null],
    ['0x10', null],
    ['1e3', null],
    ['+1', null],
    ['1.0', null],
    [' 1', null],
    ['1 ', null],
    ['١', null],
    ['', null],
  ])('%j → %j', (raw, id) => {
    expect(parseCanonicalId(raw)).toBe(id);
  });
});

describe.each(databases())('ids in paths are canonical decimal integers on $name', (target) => {
  let h: Harness;
  let manager: Record<string, string>;
  /** A member of branch 1 whose id is ≥ 10, so every variant above can spell it (not the photo's). */
  let memberId: number;
  let photoUrl: string;
  let staffPhotoUrl: string;

  beforeAll(async () => {
    h = await startHarness(target, { deps: () => ({ staffPinLimiter: roomyLimiter() }) });
    manager = { ...(await insertDevice(h.database)), 'x-staff-pin': '1111' };
    // Members up to id ≥ 10, the last with a photo (its URL names branch 1).
    const image = multipart([
      {
        name: 'json',
        body: JSON.stringify({ displayName: 'Photo', fullName: 'Photo Member' }),
        contentType: 'application/json',
      },
      { name: 'image', body: await smallJpeg(), filename: 'm.jpg', contentType: 'image/jpeg' },
    ]);
    const added = await call(h.app, {
      method: 'POST',
      url: '/api/v1/manage/staff/add',
      headers: { ...manager, 'content-type': image.contentType },
      payload: image.payload,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // Another member for the manage calls (the last one deletes it), with an id of two digits or more.
    memberId = 0;
    for (let n = 0; memberId < 10 && n < 20; n += 1) {
      const more = await call(h.app, {
        method: 'POST',
        url: '/api/v1/manage/staff/add',
        headers: manager,
        payload: { displayName: `Extra ${n}`, fullName: `Extra Member ${n}` },
      });
      memberId = more.body.data.id;
    }
    const [row] = await h.database.db
      .select({ imageUrl: staffMembers.imageUrl })
      .from(staffMembers)
      .where(eq(staffMembers.id, added.body.data.id));
    staffPhotoUrl = row?.imageUrl ?? '';
    // A guest photo on a response whose id is spelt in its URL.
    const made = await create(h.app, createPayload());
    const upload = multipart(photoParts(await smallJpeg()));
    const stored = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...responseHeaders(made.body.data), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(stored.status).toBe(200);
    photoUrl = stored.body.data.imageUrl;
  });
  afterAll(() => h?.close());

  const manageRoutes = [
    ['GET', '/api/v1/manage/staff/listing/'],
    ['POST', '/api/v1/manage/staff/update/'],
    ['POST', '/api/v1/manage/staff/delete/'],
  ] as const;

  it.each(manageRoutes)(
    '%s %s{id}: every other spelling of an id is 10009 naming the id',
    async (method, path) => {
      expect(memberId).toBeGreaterThanOrEqual(10);
      for (const spelling of [...variants(memberId), '1e3', '0x10', '0', '2147483648', 'abc']) {
        const r = await call(h.app, {
          method,
          url: `${path}${spelling}`,
          headers: manager,
          ...(method === 'POST' ? { payload: { status: 0 } } : {}),
        });
        expect([spelling, r.status, r.body.error?.code], JSON.stringify(r.body)).toEqual([
          spelling,
          400,
          10009,
        ]);
        expect(r.body.error.detail.fields).toEqual([expect.objectContaining({ field: 'id', in: 'params' })]);
      }
      // Nothing was changed or deleted by a refused call.
      const [row] = await h.database.db
        .select({ status: staffMembers.status })
        .from(staffMembers)
        .where(eq(staffMembers.id, memberId));
      expect(row?.status).toBe(1);
    },
  );

  it('the canonical spelling is served by each of them', async () => {
    const listed = await call(h.app, {
      method: 'GET',
      url: `/api/v1/manage/staff/listing/${memberId}`,
      headers: manager,
    });
    expect([listed.status, listed.body.data?.staff.id]).toEqual([200, memberId]);
    const updated = await call(h.app, {
      method: 'POST',
      url: `/api/v1/manage/staff/update/${memberId}`,
      headers: manager,
      payload: { id: memberId, status: 0 },
    });
    expect([updated.status, updated.body.data?.id]).toEqual([200, memberId]);
    const deleted = await call(h.app, {
      method: 'POST',
      url: `/api/v1/manage/staff/delete/${memberId}`,
      headers: manager,
    });
    expect([deleted.status, deleted.body.data?.id]).toEqual([200, memberId]);
  });

  it.each([
    ['a guest photo', () => photoUrl, /^(\/api\/v1\/uploads\/photos\/)(\d+)(\/.+)$/],
    ["a member's photo", () => staffPhotoUrl, /^(\/api\/v1\/uploads\/staff\/)(\d+)(\/.+)$/],
  ])(
    '%s: only the canonical id in its URL serves it, every other spelling is 404 10014',
    async (_, url, shape) => {
      const [, before = '', id = '', after = ''] = shape.exec(url()) ?? [];
      expect(id, url()).not.toBe('');
      expect((await h.app.inject({ method: 'GET', url: url() })).statusCode).toBe(200);
      // A one-digit id still has spellings: leading zeros, sign, point, exponent, hex, spaces.
      const n = Number(id);
      for (const spelling of [
        `0${n}`,
        `+${n}`,
        `${n}.0`,
        `${n}e0`,
        `0x${n.toString(16)}`,
        `%20${n}`,
        `${n}%20`,
      ]) {
        const r = await call(h.app, { method: 'GET', url: `${before}${spelling}${after}` });
        expect([spelling, r.status, r.body.error?.code]).toEqual([spelling, 404, 10014]);
      }
    },
  );
});
