import { configResponseSchema, webConfigResponseSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { addOtherCompany } from './submit-fixtures';

const staffUrl = '/api/v1/survey/config?edge=staff';
const names = (staff: { displayName: string }[]) => staff.map((m) => m.displayName);
/** The fields only a device (the manager's tablet) may see (decision 0011). */
const MANAGER_ONLY = ['pinCode', 'hasPin', 'pinVerifier', 'weight', 'hasSettingsAccess'];

// The guest's staff list (decision 0011): active members of the chosen branch, no secrets.
describe.each(databases())('survey.config staff edge in web mode on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    // With the answer cache on, as main.ts runs it: app and web answers must never mix.
    h = await startHarness(target, { cacheTtlMs: 60_000 });
    await addOtherCompany(h.database.db);
    await h.database.db.insert(staffMembers).values({
      branchId: 20,
      displayName: 'Olga',
      fullName: 'Olga Other',
      pinCode: '7777',
      teamId: null,
      hasSettingsAccess: true,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const guest = (slug: string, branch?: string) =>
    call(h.app, { method: 'GET', url: staffUrl, headers: web(slug, branch ? { 'x-branch': branch } : {}) });

  it('lists the active members of X-Branch, in list order, with no PIN code or manager-only field', async () => {
    const r = await guest('demo-bistro', '1');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(names(r.body.data.staff)).toEqual(['Alex', 'Sam', 'Priya', 'Tom', 'Mia']);
    for (const member of r.body.data.staff) {
      for (const field of MANAGER_ONLY) expect(member).not.toHaveProperty(field);
      expect(member.status).toBe(1);
    }
    expect(webConfigResponseSchema.parse(r.body.data).staff?.[0]).toMatchObject({
      id: 1,
      fullName: 'Alex Morgan',
      teamId: 1,
      type: 'manager',
    });
    // The raw body too: no PIN code of the branch appears anywhere in it.
    expect(JSON.stringify(r.body)).not.toMatch(/1111|2222|4444|5555|pinCode/);
  });

  it('leaves inactive members out (Jo)', async () => {
    const r = await guest('demo-bistro', '1');
    expect(names(r.body.data.staff)).not.toContain('Jo');
  });

  it("another branch of the same slug gets only its own team, never branch 1's", async () => {
    const r = await guest('demo-bistro', '2');
    expect(names(r.body.data.staff).sort()).toEqual(['Chris', 'Dana', 'Lee']);
  });

  it('a slug of several branches with no branch chosen gets no one: 400 10008 naming X-Branch', async () => {
    const r = await guest('demo-bistro');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
    expect(r.body.error.detail.fields[0]).toMatchObject({ field: 'x-branch', in: 'headers' });
  });

  it("another company's branch is refused (10012), and its staff never show at the demo branches", async () => {
    const foreign = await guest('demo-bistro', '20');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(10012);
    for (const branch of ['1', '2']) {
      expect(names((await guest('demo-bistro', branch)).body.data.staff)).not.toContain('Olga');
    }
    const own = await guest('other-cafe', '20');
    expect(names(own.body.data.staff)).toEqual(['Olga']);
    expect(own.body.data.staff[0]).not.toHaveProperty('pinCode');
  });

  it('the app answer has PIN verifiers (decision 0197), and the cache keeps the two modes apart', async () => {
    const before = await guest('demo-bistro', '1');
    const headers = await insertDevice(h.database, { branchId: 1 });
    const app = await call(h.app, { method: 'GET', url: staffUrl, headers });
    expect(app.status).toBe(200);
    const staff = configResponseSchema.parse(app.body.data).staff ?? [];
    expect(staff.find((m) => m.displayName === 'Alex')).toMatchObject({
      hasPin: true,
      pinVerifier: expect.objectContaining({ algorithm: 'PBKDF2-SHA256' }),
      hasSettingsAccess: true,
      weight: 90,
    });
    expect(staff.find((m) => m.displayName === 'Jo')).toMatchObject({ hasPin: true, status: 0 });
    expect(app.headers['cache-control']).toBe('no-store');
    expect(app.headers.etag).not.toBe(before.headers.etag);
    // Asked again after the device: still the guest's answer, from the cache or not.
    const after = await guest('demo-bistro', '1');
    expect(after.body).toEqual(before.body);
    expect(JSON.stringify(after.body)).not.toContain('pinCode');
  });

  it('the OpenAPI document says which staff fields each mode gets', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/docs/json' });
    const text = JSON.stringify(r.body.paths['/api/v1/survey/config'].get.responses['200']);
    expect(text).toContain('App mode');
    expect(text).toContain('Web mode');
    expect(text).toContain('no PIN code');
  });
});
