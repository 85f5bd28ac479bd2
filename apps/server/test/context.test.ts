import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

const CONFIG = '/api/v1/survey/config?edge=core';

describe.each(databases())('request context on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    // An inactive copy of demo-cafe: its slug must answer like an unknown one.
    const [cafe] = await h.database.db.select().from(surveys).where(eq(surveys.slug, 'demo-cafe'));
    if (!cafe) throw new Error('demo-cafe missing');
    const { id: _id, createdAt: _c, ...rest } = cafe;
    await h.database.db.insert(surveys).values({ ...rest, slug: 'closed-cafe', active: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('web mode is the default and resolves the company from the slug', async () => {
    const r = await call(h.app, { method: 'GET', url: CONFIG, headers: { 'x-survey-slug': 'demo-bistro' } });
    expect(r.status).toBe(200);
    expect(r.body.data.core.company.keyName).toBe('demo');
  });

  it('X-Company is never trusted: a different key changes nothing', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: CONFIG,
      headers: web('demo-bistro', { 'x-company': 'other' }),
    });
    expect(r.body.data.core.company.keyName).toBe('demo');
  });

  it('slugs are matched case-insensitively', async () => {
    const r = await call(h.app, { method: 'GET', url: CONFIG, headers: web('Demo-Bistro') });
    expect(r.status).toBe(200);
  });

  it('a missing slug is 400 10008', async () => {
    const r = await call(h.app, { method: 'GET', url: CONFIG, headers: { 'x-auth-type': 'web' } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it.each(['no-such-survey', 'closed-cafe', '../etc/passwd', 'x'.repeat(300)])(
    'slug %j is 404 10013',
    async (slug) => {
      const r = await call(h.app, { method: 'GET', url: CONFIG, headers: web(slug) });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe(10013);
    },
  );

  it('an unknown X-Auth-Type is 400 10009', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: CONFIG,
      headers: web('demo-bistro', { 'x-auth-type': 'admin' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });

  it.each([
    ['fr', 400, 10004],
    ['en', 400, 10004],
    ['de', 200, null],
    ['ES', 200, null],
    ['en-gb', 200, null],
  ])('X-Language %j answers %i', async (language, status, code) => {
    const r = await call(h.app, {
      method: 'GET',
      url: CONFIG,
      headers: web('demo-bistro', { 'x-language': language }),
    });
    expect(r.status).toBe(status);
    if (code) expect(r.body.error.code).toBe(code);
  });

  it.each(['99', 'abc', '0', '-1', '99999999999999'])(
    'X-Branch %j outside the survey is 404 10012',
    async (branch) => {
      const r = await call(h.app, {
        method: 'GET',
        url: CONFIG,
        headers: web('demo-bistro', { 'x-branch': branch }),
      });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe(10012);
    },
  );

  describe('app mode', () => {
    it('a valid device token resolves company and branch from the device row', async () => {
      const headers = await insertDevice(h.database, { branchId: 2 });
      const r = await call(h.app, { method: 'GET', url: '/api/v1/survey/config?edge=core,branch', headers });
      expect(r.status).toBe(200);
      expect(r.body.data.branch.id).toBe(2);
    });

    it('X-Branch cannot move a device to another branch', async () => {
      const headers = await insertDevice(h.database, { branchId: 2 });
      const r = await call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/config?edge=branch',
        headers: { ...headers, 'x-branch': '1' },
      });
      expect(r.body.data.branch.id).toBe(2);
    });

    it.each([
      ['no Authorization', (hd: Record<string, string>) => ({ ...hd, authorization: '' })],
      ['no X-Device-Id', (hd: Record<string, string>) => ({ ...hd, 'x-device-id': '' })],
      ['an unknown token', (hd: Record<string, string>) => ({ ...hd, authorization: 'Bearer not-a-token' })],
      [
        'not a Bearer scheme',
        (hd: Record<string, string>) => ({ ...hd, authorization: `Basic ${hd.authorization}` }),
      ],
      ['another device id', (hd: Record<string, string>) => ({ ...hd, 'x-device-id': 'someone-else' })],
    ])('%s is 401 10005', async (_name, change) => {
      const headers = change(await insertDevice(h.database));
      const r = await call(h.app, { method: 'GET', url: CONFIG, headers });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe(10005);
    });

    it('a disabled device is 401 10030 with a message for the person', async () => {
      const headers = await insertDevice(h.database, { enabled: false });
      const r = await call(h.app, { method: 'GET', url: CONFIG, headers });
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: 10030, ui: true });
      expect(r.body.error.message).toMatch(/disabled by your administrator/);
    });

    it('app mode needs no slug', async () => {
      const headers = await insertDevice(h.database);
      const r = await call(h.app, { method: 'GET', url: CONFIG, headers });
      expect(r.status).toBe(200);
    });
  });
});
