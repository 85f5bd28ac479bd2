import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyBranches, surveys } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { cafePayload, create, createPayload } from './submit-fixtures';

/**
 * The survey ↔ branch link is one cache per app (decision 0006): the request context's X-Branch check
 * and survey.submit's urlParams.branchId ask the same entries. A link removed after one of them was
 * answered is still seen by the other within the TTL; with the cache off, it is read every time.
 */
describe.each(databases())('one survey ↔ branch link cache on $name', (target) => {
  let cached: Harness;
  let uncached: Harness;

  beforeAll(async () => {
    [cached, uncached] = await Promise.all([
      startHarness(target, { cacheTtlMs: 60_000 }),
      startHarness(target, { cacheTtlMs: 0 }),
    ]);
  });
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
  });

  const unlink = async (h: Harness, slug: string, branchId: number) => {
    const [survey] = await h.database.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.slug, slug));
    await h.database.db
      .delete(surveyBranches)
      .where(and(eq(surveyBranches.surveyId, survey?.id ?? 0), eq(surveyBranches.branchId, branchId)));
  };
  const config = (h: Harness, slug: string, branch: string) =>
    call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core',
      headers: web(slug, { 'x-branch': branch }),
    });

  it('a link X-Branch read answers a later create naming that branch in urlParams', async () => {
    expect((await config(cached, 'demo-bistro', '1')).status).toBe(200);
    await unlink(cached, 'demo-bistro', 1);
    const res = await create(cached.app, createPayload({ urlParams: { branchId: '1' } }));
    expect(res.status).toBe(200);
  });

  it('a link a create read answers a later X-Branch check', async () => {
    const first = await create(cached.app, cafePayload({ urlParams: { branchId: '2' } }), web('demo-cafe'));
    expect(first.status).toBe(200);
    await unlink(cached, 'demo-cafe', 2);
    expect((await config(cached, 'demo-cafe', '2')).status).toBe(200);
  });

  it('without a cache the removed link is seen at once (10012)', async () => {
    expect((await config(uncached, 'demo-bistro', '1')).status).toBe(200);
    await unlink(uncached, 'demo-bistro', 1);
    const res = await create(uncached.app, createPayload({ urlParams: { branchId: '1' } }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(10012);
  });
});
