import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/connection';
import { surveys } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { databases } from './databases';
import { call, NOW, web } from './harness';

// With caching on (as main.ts runs it), answers are reused for the TTL: same body, same ETag, no queries.
describe.each(databases())('survey.config with a cache on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ now: NOW }));
    app = await buildApp({
      db: database.db,
      config: { logLevel: 'silent' },
      clock: fixedClock(NOW),
      cacheTtlMs: 60_000,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const config = (edge: string, headers: Record<string, string> = web()) =>
    call(app, { method: 'GET', url: `/api/v1/survey/config?edge=${edge}`, headers });

  it('answers the same JSON body and ETag from the cache', async () => {
    const first = await config('core,surveys');
    const second = await config('core,surveys');
    expect(first.status).toBe(200);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.body.data.surveys[0].slug).toBe('demo-bistro');
  });

  it('keys the cache by what the answer depends on: edges and survey', async () => {
    const core = await config('core');
    const cafe = await config('core,surveys', web('demo-cafe'));
    expect(Object.keys(core.body.data)).toEqual(['core']);
    expect(cafe.body.data.surveys[0].slug).toBe('demo-cafe');
  });

  it('still answers 304 to a matching If-None-Match', async () => {
    const first = await config('statics');
    const again = await config('statics', { ...web(), 'if-none-match': first.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it('keeps serving a survey renamed within the TTL (bounded staleness, decision 0006)', async () => {
    await config('surveys', web('demo-cafe'));
    await database.db.update(surveys).set({ name: 'Renamed Café' }).where(eq(surveys.slug, 'demo-cafe'));
    const cached = await config('surveys', web('demo-cafe'));
    expect(cached.body.data.surveys[0].name).toBe('Demo Café');
  });

  it('never caches a refusal: errors still come from the request', async () => {
    expect((await config('nope')).body.error.code).toBe(10010);
    expect((await config('core', web('no-such-slug'))).body.error.code).toBe(10013);
  });
});
