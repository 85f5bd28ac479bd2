import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { CONSOLE, sessionHeaders } from './support/console';

// With caching on (as main.ts runs it), answers are reused for the TTL: same body, same ETag, no queries.
describe.each(databases())('survey.config with a cache on $name', (target) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(target, { cacheTtlMs: 60_000 });
  });
  afterAll(() => h?.close());

  const config = (edge: string, headers: Record<string, string> = web()) =>
    call(h.app, { method: 'GET', url: `/api/v1/survey/config?edge=${edge}`, headers });

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
    await h.database.db.update(surveys).set({ name: 'Renamed Café' }).where(eq(surveys.slug, 'demo-cafe'));
    const cached = await config('surveys', web('demo-cafe'));
    expect(cached.body.data.surveys[0].name).toBe('Demo Café');
  });

  it('never caches a refusal: errors still come from the request', async () => {
    expect((await config('nope')).body.error.code).toBe(10010);
    expect((await config('core', web('no-such-slug'))).body.error.code).toBe(10013);
  });

  it('a survey the console switches on is served at once, not after the TTL (issue 31)', async () => {
    await h.database.db.update(surveys).set({ active: false }).where(eq(surveys.slug, 'demo-table'));
    expect((await config('core', web('demo-table'))).body.error.code).toBe(10013);
    const owner = await sessionHeaders(h.database.db, 1);
    const on = await call(h.app, {
      method: 'PATCH',
      url: `${CONSOLE}/surveys/3`,
      headers: { ...owner },
      payload: { active: true },
    });
    expect(on.status).toBe(200);
    expect((await config('core', web('demo-table'))).status).toBe(200);
  });
});
