import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, companies } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

// What guests and tablets get of the console's settings (O3.9–O3.13, decisions 0210 and 0211), read
// through survey.config as the web app, the first screen and the tablet read it.
describe.each(databases())('survey.config follows the company and branch settings on $name', (target) => {
  let h: Harness;
  let tablet: Record<string, string>;
  const config = (headers: Record<string, string>, edge = 'core,surveys,statics') =>
    call(h.app, { method: 'GET', url: `/api/v1/survey/config?edge=${edge}`, headers });

  beforeAll(async () => {
    h = await startHarness(target);
    tablet = await insertDevice(h.database, { branchId: 2 });
    await h.database.db
      .update(companies)
      .set({
        logoUrl: '/api/v1/uploads/logos/1/0123456789abcdef0123456789abcdef.jpg',
        primaryColour: '#112233',
        accentColour: '#445566',
        languages: ['de', 'en-gb'],
        contactRetentionDays: 3,
      })
      .where(eq(companies.id, 1));
    await h.database.db
      .update(branches)
      .set({ tableEntry: false, syncSchedule: { when: '0 3 * * *', spread: 600 } })
      .where(eq(branches.id, 2));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O3.9 a survey without a logo takes the company’s; its own colours stay', async () => {
    const r = await config(web('demo-cafe'));
    expect(r.status).toBe(200);
    expect(r.body.data.surveys[0].branding).toEqual({
      primaryColour: '#4b2e1e',
      accentColour: '#d9a441',
      logoImage: '/api/v1/uploads/logos/1/0123456789abcdef0123456789abcdef.jpg',
    });
  });

  it('O3.10 an en-gb survey is served in en-gb while the company offers it, and core lists the languages', async () => {
    const r = await config(web('demo-bistro'));
    expect(r.body.data.surveys[0].templateLocale).toBe('en-gb');
    expect(r.body.data.core.languages).toEqual(['de', 'en-gb']);
    await h.database.db
      .update(companies)
      .set({ languages: ['it', 'de'] })
      .where(eq(companies.id, 1));
    try {
      expect((await config(web('demo-bistro'))).body.data.surveys[0].templateLocale).toBe('it');
      // The tablet's D4.7 reads the same field.
      expect((await config(tablet, 'surveys')).body.data.surveys[0].templateLocale).toBe('it');
    } finally {
      await h.database.db
        .update(companies)
        .set({ languages: ['de', 'en-gb'] })
        .where(eq(companies.id, 1));
    }
  });

  it('O3.11 table entry: asked at a branch that takes table numbers, not at one that does not', async () => {
    const atSoho = await config(web('demo-cafe', { 'x-branch': '1' }), 'surveys');
    const atManchester = await config(web('demo-cafe', { 'x-branch': '2' }), 'surveys');
    const unknownBranch = await config(web('demo-cafe'), 'surveys');
    const onTablet = await config(tablet, 'surveys');
    expect(atSoho.body.data.surveys[0].tableNumberEntry).toBe(true);
    expect(atManchester.body.data.surveys[0].tableNumberEntry).toBe(false);
    expect(unknownBranch.body.data.surveys[0].tableNumberEntry).toBe(true);
    const cafeOnTablet = onTablet.body.data.surveys.find((s: { slug: string }) => s.slug === 'demo-cafe');
    expect(cafeOnTablet.tableNumberEntry).toBe(false);
  });

  it('O3.12 a tablet of a branch with its own schedule syncs by it', async () => {
    const r = await config(tablet, 'core');
    expect(r.body.data.core.schedules).toEqual([{ what: 'sync', when: '0 3 * * *', spread: 600 }]);
    const soho = await config(await insertDevice(h.database, { branchId: 1 }), 'core');
    expect(soho.body.data.core.schedules).toEqual([{ what: 'sync', when: '20 5 * * *', spread: 1800 }]);
  });

  it('O3.13 statics carry the company’s retention days (the tablet’s queue retention)', async () => {
    const r = await config(web('demo-bistro'), 'statics');
    expect(r.body.data.statics.contactDataRetentionDays).toBe(3);
    expect((await config(tablet, 'statics')).body.data.statics.contactDataRetentionDays).toBe(3);
  });
});
