import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { multipart } from './upload-helpers';

const png = () =>
  sharp({ create: { width: 120, height: 60, channels: 4, background: '#1f3a5f' } })
    .png()
    .toBuffer();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');

/** The company's settings in the console (issue 28 item 4; O3.1–O3.4, O3.9, O3.10, O3.13; decision 0210). */
describe.each(databases())('console company settings on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  const patch = (payload: unknown, headers: ConsoleHeaders = owner) =>
    call(h.app, { method: 'PATCH', url: `${CONSOLE}/company`, headers, payload: payload as object });
  const uploadLogo = (image: Buffer, headers: ConsoleHeaders = owner, filename = 'logo.png') => {
    const body = multipart([{ name: 'image', body: image, filename, contentType: 'image/png' }]);
    return call(h.app, {
      method: 'POST',
      url: `${CONSOLE}/company/logo`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const lastAudit = async () =>
    (await h.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const guestConfig = (slug = 'demo-cafe') =>
    call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core,surveys,statics',
      headers: web(slug),
    });

  it('the owner reads the settings: the demo has every language, 7 days and no company branding', async () => {
    const r = await call(h.app, { method: 'GET', url: `${CONSOLE}/company`, headers: owner });
    expect(r.status).toBe(200);
    expect(r.body.data.company).toEqual({
      id: 1,
      key: 'demo',
      name: 'Demo Hospitality Group',
      branding: { logoUrl: null, primaryColour: null, accentColour: null },
      languages: ['en-gb', 'de', 'it', 'es'],
      contactRetentionDays: 7,
      managersEditSurveys: false,
    });
  });

  it('a manager is refused (403 10034) and nothing changes; nobody signed in gets 401 10005', async () => {
    for (const request of [
      () => call(h.app, { method: 'GET', url: `${CONSOLE}/company`, headers: manager }),
      () => patch({ name: 'Mine now' }, manager),
    ]) {
      const r = await request();
      expect([r.status, r.body.error.code]).toEqual([403, 10034]);
    }
    const nobody = await call(h.app, { method: 'GET', url: `${CONSOLE}/company` });
    expect([nobody.status, nobody.body.error.code]).toEqual([401, 10005]);
    const [row] = await h.database.db.select().from(companies).where(eq(companies.id, 1));
    expect(row?.name).toBe('Demo Hospitality Group');
  });

  it('O3.1–O3.4 refuses each faulty field with its catalogue key (10025), and a wrong type with 10009', async () => {
    const r = await patch({
      name: ' ',
      branding: { primaryColour: 'blue' },
      languages: ['en-gb', 'fr'],
      contactRetentionDays: 14,
    });
    expect([r.status, r.body.error.code]).toEqual([400, 10025]);
    expect(r.body.error.detail.fields).toEqual([
      { field: 'name', in: 'body', message: 'form.required' },
      { field: 'branding.primaryColour', in: 'body', message: 'setup.colour' },
      { field: 'languages', in: 'body', message: 'setup.language', params: { value: 'fr' } },
      { field: 'contactRetentionDays', in: 'body', message: 'form.maxValue', params: { n: 7 } },
    ]);
    for (const payload of [
      { contactRetentionDays: '7' },
      { owner: 'me' },
      { branding: { logoUrl: 'https://x/y.png' } },
    ]) {
      const typed = await patch(payload);
      expect([typed.status, typed.body.error.code], JSON.stringify(payload)).toEqual([400, 10009]);
    }
  });

  it('saves what the body names, audits it, and guests see it at once (O3.9, O3.10, O3.13)', async () => {
    const r = await patch({
      name: ' Demo Group ',
      branding: { primaryColour: '#1A2B3C', accentColour: '#fc0' },
      languages: ['de', 'en-gb'],
      contactRetentionDays: 5,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.company).toMatchObject({
      name: 'Demo Group',
      branding: { logoUrl: null, primaryColour: '#1a2b3c', accentColour: '#fc0' },
      languages: ['de', 'en-gb'],
      contactRetentionDays: 5,
    });
    expect(await lastAudit()).toMatchObject({
      companyId: 1,
      actorOperatorId: 1,
      action: 'company.update',
      subjectType: 'company',
      subjectId: '1',
      detail: {
        name: 'Demo Group',
        primaryColour: '#1a2b3c',
        accentColour: '#fc0',
        languages: ['de', 'en-gb'],
        contactRetentionDays: 5,
      },
    });
    const guest = await guestConfig();
    expect(guest.body.data.core.languages).toEqual(['de', 'en-gb']);
    expect(guest.body.data.statics.contactDataRetentionDays).toBe(5);
    // demo-cafe has its own colours: they stay (O3.9).
    expect(guest.body.data.surveys[0].branding.primaryColour).toBe('#4b2e1e');
  });

  it('a logo goes through the image pipeline, is served while it is the company’s, reaches guests and is replaced', async () => {
    const r = await uploadLogo(await png());
    expect(r.status).toBe(200);
    const first: string = r.body.data.logoUrl;
    expect(first).toMatch(/^\/api\/v1\/uploads\/logos\/1\/[0-9a-f]{32}\.jpg$/);
    expect(r.body.data.company.branding.logoUrl).toBe(first);
    const served = await h.app.inject({ method: 'GET', url: first });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    expect((await guestConfig()).body.data.surveys[0].branding.logoImage).toBe(first);
    expect(await lastAudit()).toMatchObject({ action: 'company.logo', detail: { logoUrl: first } });

    const second = (await uploadLogo(await png())).body.data.logoUrl as string;
    expect(second).not.toBe(first);
    expect((await h.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(await h.storage.get(first.replace('/api/v1/uploads/', ''))).toBeNull();

    const removed = await patch({ branding: { logoUrl: null } });
    expect(removed.body.data.company.branding.logoUrl).toBeNull();
    expect((await h.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect(await h.storage.get(second.replace('/api/v1/uploads/', ''))).toBeNull();
  });

  it('an SVG is refused (415 10027); a manager’s logo is refused before anything is stored', async () => {
    const r = await uploadLogo(svg, owner, 'logo.svg');
    expect([r.status, r.body.error.code, r.body.error.detail.reason]).toEqual([415, 10027, 'svg']);
    const refused = await uploadLogo(await png(), manager);
    expect([refused.status, refused.body.error.code]).toEqual([403, 10034]);
    const stored = [];
    for await (const object of h.storage.list('logos/')) stored.push(object.key);
    expect(stored).toEqual([]);
  });
});
