import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness } from './harness';

const listing = (h: Harness, device: Record<string, string>, pin: string) =>
  call(h.app, {
    method: 'GET',
    url: '/api/v1/manage/staff/listing',
    headers: { ...device, 'x-staff-pin': pin },
  });

// Decision 0110: wrong X-Staff-Pin values are limited like other PINs (the real rate_limits table here).
describe.each(databases())('manage.* staff PIN limit and OpenAPI on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(() => h?.close());

  it('after 5 wrong PINs the device is refused with 429 10021 and Retry-After, even with the right PIN', async () => {
    const device = await insertDevice(h.database);
    expect((await listing(h, device, '1111')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await listing(h, device, '9990')).body.error.code).toBe(10032);
    const refused = await listing(h, device, '1111');
    expect([refused.status, refused.body.error.code]).toEqual([429, 10021]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the OpenAPI document lists every manage call with the X-Staff-Pin header', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/manage/staff/listing', 'get'],
      ['/api/v1/manage/staff/listing/{id}', 'get'],
      ['/api/v1/manage/staff/add', 'post'],
      ['/api/v1/manage/staff/update/{id}', 'post'],
      ['/api/v1/manage/staff/delete/{id}', 'post'],
      ['/api/v1/manage/team/listing', 'get'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('x-staff-pin');
    }
  });
});
