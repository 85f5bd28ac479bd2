import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

const URL = '/api/v1/survey/branch';

describe.each(databases())('survey.branch on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('without coordinates: the survey branches by name, no distance', async () => {
    const r = await call(h.app, { method: 'GET', url: URL, headers: web() });
    expect(r.status).toBe(200);
    expect(r.body.data.branches.map((b: { name: string }) => b.name)).toEqual([
      'Demo Bistro Manchester',
      'Demo Bistro Soho',
    ]);
    expect(r.body.data.branches.every((b: { distance: unknown }) => b.distance === null)).toBe(true);
    expect(r.body.data.branches[1]).toMatchObject({ id: 1, enableStaffPinCodes: true, latitude: 51.5136 });
  });

  it('with coordinates: nearest first, distance in metres', async () => {
    // Piccadilly Circus, about 750 m from the Soho branch.
    const r = await call(h.app, {
      method: 'GET',
      url: `${URL}?latitude=51.5101&longitude=-0.1340`,
      headers: web(),
    });
    const [first, second] = r.body.data.branches;
    expect(first.name).toBe('Demo Bistro Soho');
    expect(first.distance).toBeGreaterThan(300);
    expect(first.distance).toBeLessThan(600);
    // London to Manchester is about 262 km as the crow flies.
    expect(second.distance).toBeGreaterThan(255_000);
    expect(second.distance).toBeLessThan(270_000);
  });

  it('near Manchester the order flips', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: `${URL}?latitude=53.48&longitude=-2.24`,
      headers: web(),
    });
    expect(r.body.data.branches[0].name).toBe('Demo Bistro Manchester');
  });

  it('empty coordinates count as none', async () => {
    const r = await call(h.app, { method: 'GET', url: `${URL}?latitude=&longitude=`, headers: web() });
    expect(r.status).toBe(200);
    expect(r.body.data.branches[0].distance).toBeNull();
  });

  it.each(['latitude=51.5', 'longitude=-0.1'])('only one coordinate (%s) is 400 10008', async (query) => {
    const r = await call(h.app, { method: 'GET', url: `${URL}?${query}`, headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it.each([
    'latitude=abc&longitude=0',
    'latitude=91&longitude=0',
    'latitude=0&longitude=-180.5',
    'latitude=1e3&longitude=0',
    'latitude=0x10&longitude=0',
    'latitude=NaN&longitude=0',
  ])('%s is 400 10009', async (query) => {
    const r = await call(h.app, { method: 'GET', url: `${URL}?${query}`, headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });

  it('app mode lists only the device branch', async () => {
    const headers = await insertDevice(h.database, { branchId: 2 });
    const r = await call(h.app, { method: 'GET', url: URL, headers });
    expect(r.body.data.branches.map((b: { id: number }) => b.id)).toEqual([2]);
  });
});
