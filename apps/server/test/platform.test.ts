import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';

describe.each(databases())('platform on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target, {
      // A JSON route only for these tests: the read side has no POST of its own yet.
      beforeReady: (app) => {
        app.post('/api/v1/test/echo', { schema: { body: z.object({ n: z.number() }) } }, async (req) => ({
          data: req.body,
        }));
        app.get('/api/v1/test/boom', async () => {
          throw new Error('secret internals: password=hunter2');
        });
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('GET /api/health answers ok after asking the database', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/health' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('serves the OpenAPI document with every read-side call', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/docs/json' });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    for (const path of ['branch', 'config', 'transaction', 'menu/query', 'menu/export']) {
      expect(r.body.paths).toHaveProperty([`/api/v1/survey/${path}`]);
    }
    expect(
      r.body.paths['/api/v1/survey/menu/query'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('textFields');
  });

  it('serves the browsable docs page', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
  });

  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/survey/unknown'],
    ['POST', '/api/v1/survey/config'],
    ['DELETE', '/api/health'],
  ])('unknown route %s %s is 404 10002', async (method, url) => {
    const r = await call(h.app, { method: method as 'GET', url });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 10002, ui: false });
  });

  it('malformed JSON is 400 10026', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n": 1,',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('a wrong content type is 10026', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'n=1',
    });
    expect(r.body.error.code).toBe(10026);
    expect(r.status).toBe(400);
  });

  it('an empty JSON body is 10026', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('body validation: a missing field is 10008, a wrong one 10009, with the fields listed', async () => {
    const missing = await call(h.app, { method: 'POST', url: '/api/v1/test/echo', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(10008);
    expect(missing.body.error.detail.fields[0]).toMatchObject({ field: 'n', in: 'body' });
    const wrong = await call(h.app, { method: 'POST', url: '/api/v1/test/echo', payload: { n: 'x' } });
    expect(wrong.body.error.code).toBe(10009);
  });

  it.each([
    '/api/v1/survey/menu/query?edge=products&familyGroupRef=%00',
    '/api/v1/survey/menu/query?edge=products&text=abc%00def',
    '/api/v1/survey/menu/query?edge=products&transactionProductRefs=1001,%00',
    '/api/v1/survey/transaction?branchId=1&tableId=12&checkId=%00',
    '/api/v1/survey/transaction?branchId=1&pin=123456&date=%00',
  ])('a control character in a parameter is 400 10009, never a database error: %s', async (url) => {
    const r = await call(h.app, { method: 'GET', url, headers: { 'x-survey-slug': 'demo-bistro' } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });

  it('a fault of ours is 500 10001 without internals', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/v1/test/boom' });
    expect(r.status).toBe(500);
    expect(r.body.error).toMatchObject({ code: 10001, detail: null, ui: false });
    expect(JSON.stringify(r.body)).not.toContain('hunter2');
  });
});
