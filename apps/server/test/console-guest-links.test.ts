import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { surveys } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { databases } from './databases';
import { call, type Harness, NOW, ROOMY_CREATE_LIMITS, startHarness } from './harness';
import { addForeignCompany } from './security/tenants';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';
import { unusedMailer } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { crop, decodeQr, imagePixels, type Pixels, renderPdf } from './support/qr-read';

const SITE = 'http://localhost';
const AT_SOHO = `${CONSOLE}/surveys/1/branches/1`;

/** The demo's survey/branch pairs as the owner sees them: by survey name, then branch name. */
const ALL_PAIRS = [
  ['demo-bistro', 2],
  ['demo-bistro', 1],
  ['demo-cafe', 2],
  ['demo-cafe', 1],
  ['demo-table', 1],
  ['demo-table', 3],
];

const pairs = (items: { slug: string; branchId: number }[]) => items.map((i) => [i.slug, i.branchId]);

/** The upper-left A6 quarter of a rendered A4 page, then the others in reading order. */
const quarter = (page: Pixels, i: number): Pixels => {
  const width = Math.floor(page.width / 2);
  const height = Math.floor(page.height / 2);
  return crop(page, { left: (i % 2) * width, top: Math.floor(i / 2) * height, width, height });
};

describe.each(databases())('console guest links, QR codes and table cards on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  const get = (headers: ConsoleHeaders, url: string) => call(h.app, { method: 'GET', url, headers });

  beforeAll(async () => {
    h = await startHarness(target, { prepare: addForeignCompany });
    owner = await sessionHeaders(h.database.db, 1);
    manager = await sessionHeaders(h.database.db, 2);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O1.4 O4.1 O4.3 the owner gets every active survey at every branch; the manager of Soho only Soho’s', async () => {
    const all = await get(owner, `${CONSOLE}/links`);
    expect(all.status).toBe(200);
    expect(pairs(all.body.data.items)).toEqual(ALL_PAIRS);
    expect(all.body.data.items[1]).toEqual({
      surveyId: 1,
      surveyName: 'Demo Bistro',
      slug: 'demo-bistro',
      branchId: 1,
      branchName: 'Demo Bistro Soho',
      language: 'en-gb',
      table: null,
      url: `${SITE}/demo-bistro?branchId=1`,
      scanUrl: `${SITE}/demo-bistro?branchId=1&urlSrc=qr`,
      files: {
        qrSvg: `${AT_SOHO}/qr.svg`,
        qrPng: `${AT_SOHO}/qr.png`,
        tableCards: `${AT_SOHO}/table-cards.pdf`,
      },
    });
    const mine = await get(manager, `${CONSOLE}/links`);
    expect(pairs(mine.body.data.items)).toEqual([
      ['demo-bistro', 1],
      ['demo-cafe', 1],
      ['demo-table', 1],
    ]);
    // Narrowed to a survey, to a branch, to a table.
    const table = await get(owner, `${CONSOLE}/links?surveyId=3&table=012`);
    expect(pairs(table.body.data.items)).toEqual([
      ['demo-table', 1],
      ['demo-table', 3],
    ]);
    expect(table.body.data.items[0]).toMatchObject({
      table: 12,
      url: `${SITE}/demo-table?branchId=1&tableId=12`,
      scanUrl: `${SITE}/demo-table?branchId=1&urlSrc=qr&tableId=12`,
      files: { qrSvg: `${CONSOLE}/surveys/3/branches/1/qr.svg?table=12` },
    });
    expect(pairs((await get(manager, `${CONSOLE}/links?branchId=1&surveyId=2`)).body.data.items)).toEqual([
      ['demo-cafe', 1],
    ]);
  });

  it('O1.1 O4.2 what the operator may not see or what is not there: 404; a bad table: 400 with the field’s key', async () => {
    const refused = async (headers: ConsoleHeaders, url: string) => {
      const answer = await get(headers, url);
      return [answer.status, answer.body?.error?.code, answer.body?.error?.detail ?? null];
    };
    // Branch 2 is not the manager's; branch 20 is the other company's; 99 none at all.
    expect(await refused(manager, `${CONSOLE}/links?branchId=2`)).toEqual([404, 10012, null]);
    expect(await refused(owner, `${CONSOLE}/links?branchId=20`)).toEqual([404, 10012, null]);
    expect(await refused(manager, `${CONSOLE}/surveys/1/branches/2/qr.svg`)).toEqual([404, 10012, null]);
    expect(await refused(owner, `${CONSOLE}/surveys/20/branches/20/qr.png`)).toEqual([404, 10012, null]);
    // The other company's survey, and demo-table, which does not run at Manchester: nothing to link to.
    expect(await refused(owner, `${CONSOLE}/surveys/20/branches/1/qr.svg`)).toEqual([404, 10014, null]);
    expect(await refused(owner, `${CONSOLE}/surveys/3/branches/2/table-cards.pdf?tables=1`)).toEqual([
      404,
      10014,
      null,
    ]);
    for (const [url, field, key] of [
      [`${CONSOLE}/links?table=A4`, 'table', 'links.tablesInvalid'],
      [`${AT_SOHO}/qr.svg?table=0`, 'table', 'links.tableOutOfRange'],
      [`${AT_SOHO}/table-cards.pdf?tables=20-1`, 'tables', 'links.tablesInvalid'],
      [`${AT_SOHO}/table-cards.pdf?tables=1-201`, 'tables', 'links.tablesTooMany'],
    ]) {
      expect(await refused(owner, url as string), url).toEqual([
        400,
        10025,
        { fields: { [field as string]: key } },
      ]);
    }
    expect((await get(owner, `${AT_SOHO}/table-cards.pdf`)).body.error.code).toBe(10008);
    expect((await get(owner, `${AT_SOHO}/qr.png?size=64`)).body.error.code).toBe(10009);
    // A survey taken off (inactive): no guest can open it, so it has no links either.
    await h.database.db.update(surveys).set({ active: false }).where(eq(surveys.id, 2));
    try {
      expect(pairs((await get(owner, `${CONSOLE}/links?branchId=1`)).body.data.items)).toEqual([
        ['demo-bistro', 1],
        ['demo-table', 1],
      ]);
      expect(await refused(owner, `${CONSOLE}/surveys/2/branches/1/qr.svg`)).toEqual([404, 10014, null]);
    } finally {
      await h.database.db.update(surveys).set({ active: true }).where(eq(surveys.id, 2));
    }
  });

  it('O4.3 the QR codes, SVG and PNG, saved as files, read back as the scan link of the survey, branch and table', async () => {
    const svg = await h.app.inject({ method: 'GET', url: `${AT_SOHO}/qr.svg?table=7`, headers: manager });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers['content-disposition']).toBe(
      'attachment; filename="demo-bistro-branch-1-table-7-qr.svg"',
    );
    expect(svg.headers['cache-control']).toBe('no-store');
    expect(decodeQr(await imagePixels(svg.body))).toBe(`${SITE}/demo-bistro?branchId=1&urlSrc=qr&tableId=7`);

    const png = await h.app.inject({ method: 'GET', url: `${AT_SOHO}/qr.png?size=300`, headers: manager });
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
    expect(png.headers['content-disposition']).toBe('attachment; filename="demo-bistro-branch-1-qr.png"');
    const { width, height } = await sharp(png.rawPayload).metadata();
    expect([width, height]).toEqual([300, 300]);
    expect(decodeQr(await imagePixels(png.rawPayload))).toBe(`${SITE}/demo-bistro?branchId=1&urlSrc=qr`);
  });

  it('O4.4 O4.5 O4.6 the table cards: a PDF of the branch’s cards in the survey’s language or the one asked, each QR read back', async () => {
    const answer = await h.app.inject({
      method: 'GET',
      url: `${CONSOLE}/surveys/3/branches/1/table-cards.pdf?tables=12-14,%203&language=de`,
      headers: manager,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="demo-table-branch-1-tables-3-14.pdf"',
    );
    const { pages, title } = await renderPdf(answer.rawPayload, 1.5);
    expect(title).toBe('Demo Bistro Soho: Tisch 3–14');
    expect(pages).toHaveLength(1);
    const [page] = pages as [(typeof pages)[0]];
    expect(page.text.filter((line) => /^Tisch \d+$/.test(line))).toEqual([
      'Tisch 3',
      'Tisch 12',
      'Tisch 13',
      'Tisch 14',
    ]);
    expect(page.text.filter((line) => line === 'Demo Bistro Soho')).toHaveLength(4);
    expect([0, 1, 2, 3].map((i) => decodeQr(quarter(page.pixels, i)))).toEqual(
      [3, 12, 13, 14].map((table) => `${SITE}/demo-table?branchId=1&urlSrc=qr&tableId=${table}`),
    );
    // Without a language: the survey's (demo-table speaks en-gb).
    const english = await h.app.inject({
      method: 'GET',
      url: `${AT_SOHO}/table-cards.pdf?tables=5`,
      headers: owner,
    });
    expect((await renderPdf(english.rawPayload, 1)).pages[0]?.text).toContain('Table 5');
  });

  it('links point at PUBLIC_URL when it is set, whatever host the request came to', async () => {
    const app = await buildApp({
      db: h.database.db,
      config: {
        logLevel: 'silent',
        createLimits: ROOMY_CREATE_LIMITS,
        publicUrl: 'https://feedback.example.com',
      },
      clock: fixedClock(NOW),
      storage: h.storage,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: unusedMailer(),
    });
    try {
      const headers = { ...owner, host: 'internal-replica-7:8080', origin: 'https://feedback.example.com' };
      const list = await call(app, { method: 'GET', url: `${CONSOLE}/links?surveyId=1&branchId=1`, headers });
      expect(list.body.data.items[0]).toMatchObject({
        url: 'https://feedback.example.com/demo-bistro?branchId=1',
        scanUrl: 'https://feedback.example.com/demo-bistro?branchId=1&urlSrc=qr',
      });
      const svg = await app.inject({ method: 'GET', url: `${AT_SOHO}/qr.svg`, headers });
      expect(decodeQr(await imagePixels(svg.body))).toBe(
        'https://feedback.example.com/demo-bistro?branchId=1&urlSrc=qr',
      );
    } finally {
      await app.close();
    }
  });
});
