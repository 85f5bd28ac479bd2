import { configResponseSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

const ALL_WEB = 'core,surveys,questions,branch,complaints,data_capture,demographics,statics';
const url = (edge: string) => `/api/v1/survey/config?edge=${edge}`;

describe.each(databases())('survey.config on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('web mode: every section of the slug survey, valid against the domain schema', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: url(ALL_WEB),
      headers: web('demo-bistro', { 'x-branch': '1' }),
    });
    expect(r.status).toBe(200);
    const data = configResponseSchema.parse(r.body.data);
    expect(data.core?.company).toEqual({ keyName: 'demo', name: 'Demo Hospitality Group' });
    expect(data.core?.schedules).toEqual([{ what: 'sync', when: '20 5 * * *', spread: 1800 }]);
    expect(data.surveys?.map((s) => s.slug)).toEqual(['demo-bistro']);
    expect(data.surveys?.[0]).toMatchObject({ templateId: 1, templateLocale: 'en-gb', eposEnabled: true });
    expect(data.questions?.length).toBeGreaterThan(0);
    expect(data.questions?.every((q) => q.templateId === 1)).toBe(true);
    expect(data.branch).toMatchObject({ id: 1, enableStaffPinCodes: true });
    expect(data.statics?.privacyNoticeVersion).toBe('2.6');
    expect(data.demographics?.fields.map((f) => f.type)).toEqual([1, 2, 3, 4, 5]);
    expect(data.complaints?.enabled).toBe(true);
    expect(data.data_capture?.enabled).toBe(true);
    expect(data.staff).toBeUndefined();
  });

  it('answers only the edges asked for', async () => {
    const r = await call(h.app, { method: 'GET', url: url('statics,core'), headers: web() });
    expect(Object.keys(r.body.data).sort()).toEqual(['core', 'statics']);
  });

  it('duplicate and padded edges are read once', async () => {
    const r = await call(h.app, { method: 'GET', url: url(' core, core ,'), headers: web() });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(['core']);
  });

  it('demo-cafe: no EPOS, table-number entry', async () => {
    const r = await call(h.app, { method: 'GET', url: url('surveys'), headers: web('demo-cafe') });
    expect(r.body.data.surveys[0]).toMatchObject({
      slug: 'demo-cafe',
      eposEnabled: false,
      tableNumberEntry: true,
    });
  });

  it('a missing edge is 400 10008', async () => {
    const r = await call(h.app, { method: 'GET', url: '/api/v1/survey/config', headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
    expect(r.body.error.detail.fields[0].field).toBe('edge');
  });

  it.each(['', ',', ' , '])('an empty edge list %j is 400 10033', async (edge) => {
    const r = await call(h.app, { method: 'GET', url: url(encodeURIComponent(edge)), headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10033);
  });

  it('an unknown edge is 400 10010 naming it', async () => {
    const r = await call(h.app, { method: 'GET', url: url('core,menu'), headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10010);
    expect(r.body.error.detail.invalid).toEqual(['menu']);
  });

  it('the staff edge in web mode needs X-Branch (10008; the rest in config-staff.test.ts)', async () => {
    const r = await call(h.app, { method: 'GET', url: url('core,staff'), headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it('the branch edge in web mode needs X-Branch (10008)', async () => {
    const r = await call(h.app, { method: 'GET', url: url('branch'), headers: web() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it('an edge list given twice is 400 10009', async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core&edge=statics',
      headers: web(),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });

  describe('app mode', () => {
    it('every active survey of the device branch, its branch and its staff with PIN verifiers, no PINs', async () => {
      const headers = await insertDevice(h.database, { branchId: 1 });
      const r = await call(h.app, { method: 'GET', url: url(`${ALL_WEB},staff`), headers });
      expect(r.status).toBe(200);
      const data = configResponseSchema.parse(r.body.data);
      expect(data.surveys?.map((s) => s.slug)).toEqual(['demo-bistro', 'demo-cafe', 'demo-table']);
      expect(new Set(data.questions?.map((q) => q.templateId))).toEqual(new Set([1, 2, 3]));
      expect(data.branch?.id).toBe(1);
      const byName = new Map(data.staff?.map((m) => [m.displayName, m]));
      expect(byName.get('Alex')).toMatchObject({
        hasPin: true,
        pinVerifier: expect.objectContaining({ algorithm: 'PBKDF2-SHA256' }),
        hasSettingsAccess: true,
        status: 1,
        teamId: 1,
      });
      expect(byName.get('Sam')).toMatchObject({ hasPin: true, status: 1 });
      // D4: the tablet must be able to say "inactive team member", so inactive members come too.
      expect(byName.get('Jo')).toMatchObject({ hasPin: true, status: 0 });
      expect(JSON.stringify(r.body)).not.toContain('pinCode');
      expect(data.staff?.some((m) => m.displayName === 'Chris')).toBe(false);
      // Ordered like the manage-team screen: active first, then weight.
      expect(data.staff?.at(-1)?.displayName).toBe('Jo');
      expect(r.headers['cache-control']).toBe('no-store');
    });

    it('branch 2: staff PIN codes off, its own staff only', async () => {
      const headers = await insertDevice(h.database, { branchId: 2 });
      const r = await call(h.app, { method: 'GET', url: url('branch,staff'), headers });
      expect(r.body.data.branch.enableStaffPinCodes).toBe(false);
      expect(r.body.data.staff.map((m: { displayName: string }) => m.displayName).sort()).toEqual([
        'Chris',
        'Dana',
        'Lee',
      ]);
    });
  });

  describe('caching', () => {
    it('sends an ETag and no-cache; a matching If-None-Match gets 304 with no body', async () => {
      const first = await h.app.inject({ method: 'GET', url: url('core,surveys'), headers: web() });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await h.app.inject({ method: 'GET', url: url('core,surveys'), headers: web() });
      expect(again.headers.etag).toBe(etag);
      const cached = await h.app.inject({
        method: 'GET',
        url: url('core,surveys'),
        headers: web('demo-bistro', { 'if-none-match': etag }),
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
    });

    it('a different body has a different ETag, and a stale one gets the full body', async () => {
      const a = await h.app.inject({ method: 'GET', url: url('core'), headers: web() });
      const b = await h.app.inject({ method: 'GET', url: url('statics'), headers: web() });
      expect(a.headers.etag).not.toBe(b.headers.etag);
      const stale = await h.app.inject({
        method: 'GET',
        url: url('statics'),
        headers: web('demo-bistro', { 'if-none-match': a.headers.etag as string }),
      });
      expect(stale.statusCode).toBe(200);
    });
  });
});
