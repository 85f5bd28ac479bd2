import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_COLUMNS } from '../src/services/exports';
import { foldResponses } from '../src/services/reports/fold';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';
import { storeResponses } from './support/inbox';

// Days no other data uses: these rows are the export's whole content for the period.
const FROM = '2018-05-01';
const TO = '2018-05-31';
// OWASP's CSV-injection payloads, as guests could type them into a comment.
const PAYLOADS = ['=1+2', '+SUM(1,1)', "-2+3+cmd|' /C calc'!A0", '@SUM(1+1)', '\t=1+2', '\r=1+2'];

const dish = (ref: string, aspectRatingId: number, reasons: number[] = []) => ({
  ref,
  aspectRatingId,
  reasons,
});

describe.each(databases())('GET /console/responses/export on $name', (target) => {
  let h: Harness;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  let ids: number[];
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    ids = await storeResponses(h.database.db, [
      ...PAYLOADS.map((text, i) => ({
        branchId: 1,
        visit: `2018-05-0${i + 1} 12:00:00`,
        questions: [{ id: 130, answer: { text } }],
        indicators: [{ id: 1, score: 2 }],
        csat: 40,
        nps: 3,
      })),
      {
        branchId: 1,
        visit: '2018-05-20 19:30:00',
        csat: 90,
        nps: 10,
        indicators: [
          { id: 1, score: 5 },
          { id: 5, score: 10 },
        ],
        questions: [
          { id: 110, answer: { extra: { menuInsight: [dish('P-NOT-ON-MENU', 3)] } } },
          { id: 130, answer: { text: 'Lovely, "quoted", evening\nsecond line' } },
        ],
      },
      { branchId: 2, visit: '2018-05-21 20:00:00', csat: 70, nps: 8, questions: [] },
    ]);
    await foldResponses(h.database.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (headers: Record<string, string>, query: string) =>
    h.app.inject({ method: 'GET', url: `${CONSOLE}/responses/export?${query}`, headers });

  it('O8.1 a CSV of the filter, one row per response, newest visit first, formula cells escaped', async () => {
    const answer = await get(owner, `from=${FROM}&to=${TO}`);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="responses-${FROM}-to-${TO}.csv"`,
    );
    const rows: Record<string, string>[] = parse(answer.rawPayload, { bom: true, columns: true });
    expect(rows.map((row) => Number(row.Response))).toEqual([ids[7], ids[6], ...ids.slice(0, 6).reverse()]);
    const header = Object.keys(rows[0] ?? {});
    const comment = header.find((name) => name.startsWith('Question 130:')) as string;
    expect(header.slice(0, FIXED_COLUMNS.length)).toEqual(FIXED_COLUMNS.map((c) => c.header));
    expect(header).toContain('Indicator 1: Food');
    const byId = new Map(rows.map((row) => [Number(row.Response), row]));
    PAYLOADS.forEach((payload, i) => {
      expect(byId.get(ids[i] as number)?.[comment]).toBe(`'${payload}`);
    });
    const happy = byId.get(ids[6] as number) ?? {};
    expect(happy).toMatchObject({
      Branch: 'Demo Bistro Soho',
      CSAT: '90',
      NPS: '10',
      'NPS group': 'promoter',
      Complaint: 'no',
    });
    expect(happy['Dishes rated']).toBe('P-NOT-ON-MENU: good');
    expect(happy[comment]).toBe('Lovely, "quoted", evening\nsecond line');
    expect(happy['Indicator 5: Recommend']).toBe('10');
  });

  it('the same rows as XLSX, read back with exceljs', async () => {
    const answer = await get(owner, `from=${FROM}&to=${TO}&format=xlsx&nps=detractor`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.getWorksheet('Responses');
    if (!sheet) throw new Error('no Responses sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual(['Response', 'Branch', 'Survey']);
    expect(sheet.rowCount).toBe(1 + PAYLOADS.length);
    const commentColumn = (values(1) as string[]).findIndex((v) => v.startsWith('Question 130')) + 1;
    // The newest detractor's comment was `\r=1+2`: escaped (XML reads its CR back as a line feed).
    expect(String(sheet.getRow(2).getCell(commentColumn).value)).toMatch(/^'\s=1\+2$/);
  });

  it('a manager of branch 1 gets branch 1’s rows only; a hidden branch is 404 10012', async () => {
    const answer = await get(manager, `from=${FROM}&to=${TO}`);
    const rows: Record<string, string>[] = parse(answer.rawPayload, { bom: true, columns: true });
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.Branch === 'Demo Bistro Soho')).toBe(true);
    const hidden = await get(manager, `from=${FROM}&to=${TO}&branchId=2`);
    expect([hidden.statusCode, hidden.json().error.code]).toEqual([404, 10012]);
  });

  it('refuses a bad format, a bad filter and a bad period before the first byte', async () => {
    for (const [query, status, code] of [
      ['format=pdf', 400, 10009],
      [`from=${TO}&to=${FROM}`, 400, 10025],
      ['nps=happy', 400, 10009],
    ] as const) {
      const answer = await get(owner, query);
      expect([answer.statusCode, answer.json().error.code], query).toEqual([status, code]);
    }
    const anonymous = await get({}, `from=${FROM}&to=${TO}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
