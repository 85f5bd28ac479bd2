import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';

describe.each(databases())('smoke on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('health', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/health' });
    expect(r.status).toBe(200);
  });
  it('config', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core,surveys,questions,branch,complaints,data_capture,demographics,statics',
      headers: web('demo-bistro', { 'x-branch': '1' }),
    });
    console.log(r.status, JSON.stringify(r.body).slice(0, 500));
    expect(r.status).toBe(200);
  });
});
