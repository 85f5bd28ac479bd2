import { AppError, ErrorCodes } from '@venue-voice/domain';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import {
  EXPORT_NOT_WRITTEN,
  EXPORT_OPERATOR_GONE,
  ExportProcessStopped,
  exportColumns,
  exportFailure,
  exportPages,
  exportSurveys,
  FIXED_COLUMNS,
  keysetRows,
  runExport,
  sweepExports,
} from '../src/services/exports';
import { foldResponses } from '../src/services/reports/fold';
import { databases } from './databases';
import { type Harness, NOW, ROOMY_CREATE_LIMITS, startHarness } from './harness';
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
  // The server's log, from errors up: where a failed export's fault goes whole (decision 0264).
  const logged: { msg: string; err?: { type: string; message: string; stack: string; cause?: unknown } }[] =
    [];
  beforeAll(async () => {
    h = await startHarness(target, {
      deps: () => ({
        config: { logLevel: 'error', createLimits: ROOMY_CREATE_LIMITS },
        logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
      }),
    });
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
          // A till's ref that an object's prototype also has must find no name (productNames).
          { id: 110, answer: { extra: { menuInsight: [dish('P-NOT-ON-MENU', 3), dish('constructor', 1)] } } },
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
    expect(happy['Dishes rated']).toBe('P-NOT-ON-MENU: good | constructor: bad');
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

  const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    h.app.inject({ method, url: `${CONSOLE}${url}`, headers, ...(payload ? { payload } : {}) });

  /** The export once its background run has ended (it runs after the answer). */
  async function finished(id: number, headers: Record<string, string>) {
    for (let i = 0; i < 200; i++) {
      const job = (await api('GET', `/exports/${id}`, headers)).json().data.export;
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`export ${id} did not finish`);
  }

  it('O8.6 an export made in the background: 202 with its size, progress to done, then the same file', async () => {
    const asked = await api('POST', '/exports', owner, { format: 'csv', filter: { from: FROM, to: TO } });
    expect(asked.statusCode, asked.body).toBe(202);
    const job = asked.json().data.export;
    expect(job).toMatchObject({ format: 'csv', state: 'queued', rowsTotal: 8, rowsDone: 0, error: null });
    const done = await finished(job.id, owner);
    expect(done).toMatchObject({ state: 'done', rowsTotal: 8, rowsDone: 8 });
    const file = await api('GET', `/exports/${job.id}/file`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="responses-export-.*\.csv"$/);
    expect(Number(file.headers['content-length'])).toBe(done.bytes);
    const streamed = await get(owner, `from=${FROM}&to=${TO}`);
    expect(file.rawPayload.equals(streamed.rawPayload)).toBe(true);

    // Only the operator who asked sees it or its file: another one's is not found.
    for (const url of [`/exports/${job.id}`, `/exports/${job.id}/file`]) {
      const other = await api('GET', url, manager);
      expect([other.statusCode, other.json().error.code], url).toEqual([404, 10014]);
    }
  });

  it('an export asks what the inbox would: bad filters and formats answer before anything is stored', async () => {
    for (const [body, status, code] of [
      [{ format: 'pdf' }, 400, 10009],
      [{ format: 'csv', filter: { nps: 'happy' } }, 400, 10009],
      [{ format: 'csv', filter: { from: TO, to: FROM } }, 400, 10025],
      [{ format: 'csv', filter: { cursor: 'x' } }, 400, 10009],
      [{ format: 'csv', filter: { branchId: '2' } }, 404, 10012],
    ] as const) {
      const answer = await api('POST', '/exports', manager, body);
      expect([answer.statusCode, answer.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it('the sweep runs again an export its dead server left running, and deletes expired ones with their file', async () => {
    const operatorId = (await api('GET', '/me', owner)).json().data.operator.id as number;
    const old = new Date(NOW.getTime() - 3600_000).toISOString();
    const [left] = await queryRows<{ id: number }>(
      h.database.db,
      sql`insert into response_exports (company_id, operator_id, format, query, state, rows_total, rows_done,
          created_at, beat_at, expires_at)
        values (1, ${operatorId}, 'xlsx', ${JSON.stringify({ from: FROM, to: TO, nps: 'promoter' })}::jsonb,
          'running', 1, 0, ${old}::timestamptz, ${old}::timestamptz, now() + interval '1 day')
        returning id`,
    );
    const deps = {
      db: h.database.db,
      storage: h.storage,
      now: () => new Date(),
      background: () => {},
      log: { error: () => {} },
    };
    expect((await sweepExports(deps)).resumed).toBeGreaterThanOrEqual(1);
    const done = (await api('GET', `/exports/${left?.id}`, owner)).json().data.export;
    expect(done).toMatchObject({ state: 'done', rowsDone: 1 });
    const [stored] = await queryRows<{ storage_key: string }>(
      h.database.db,
      sql`select storage_key from response_exports where id = ${left?.id}`,
    );
    expect(await h.storage.get(stored?.storage_key ?? '')).not.toBeNull();

    await queryRows(h.database.db, sql`update response_exports set expires_at = now() - interval '1 second'`);
    expect((await sweepExports(deps)).deleted).toBeGreaterThanOrEqual(1);
    expect(await h.storage.get(stored?.storage_key ?? '')).toBeNull();
    const gone = await api('GET', `/exports/${left?.id}`, owner);
    expect(gone.statusCode).toBe(404);
  });

  it('an export still at work beats without rows, so the sweep never runs it a second time beside itself', async () => {
    const operatorId = (await api('GET', '/me', owner)).json().data.operator.id as number;
    const [job] = await queryRows<{ id: number }>(
      h.database.db,
      sql`insert into response_exports (company_id, operator_id, format, query, state, rows_total, rows_done,
          created_at, beat_at, expires_at)
        values (1, ${operatorId}, 'csv', ${JSON.stringify({ from: FROM, to: TO })}::jsonb,
          'queued', 8, 0, now(), now(), now() + interval '1 day')
        returning id`,
    );
    const ours = `exports/${job?.id}/`;
    // Its first upload of the file is held, as a big file to a slow storage would be; no row moves meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let uploads = 0;
    const storage: typeof h.storage = Object.create(h.storage);
    storage.putFile = async (key, path, type) => {
      if (key.startsWith(ours) && ++uploads === 1) await held;
      return h.storage.putFile(key, path, type);
    };
    let clock = Date.now();
    const deps = {
      db: h.database.db,
      storage,
      now: () => new Date(clock),
      background: () => {},
      log: { error: () => {} },
      aliveEveryMs: 10,
    };
    const running = runExport(deps, job?.id as number);
    await expect.poll(() => uploads).toBe(1);
    clock += 3 * 60_000; // past EXPORT_STALE_MS since it was claimed
    const beat = async () => {
      const [row] = await queryRows<{ beat_at: string }>(
        h.database.db,
        sql`select beat_at::text from response_exports where id = ${job?.id}`,
      );
      return new Date(row?.beat_at ?? 0).getTime();
    };
    await expect.poll(beat).toBeGreaterThanOrEqual(clock);
    await sweepExports(deps);
    expect(uploads).toBe(1);
    release();
    await running;
    expect((await api('GET', `/exports/${job?.id}`, owner)).json().data.export).toMatchObject({
      state: 'done',
    });
  });

  /** Runs `work` while the surveys' `definition` column is missing: every export's first read fails. */
  async function withoutDefinitions<T>(work: () => Promise<T>): Promise<T> {
    const db = h.database.db;
    await queryRows(db, sql`alter table surveys rename column definition to definition_gone`);
    try {
      return await work();
    } finally {
      await queryRows(db, sql`alter table surveys rename column definition_gone to definition`);
    }
  }

  it('O8.7 a database fault fails the export with a sentence and a code; the log has the fault whole', async () => {
    const filter = { from: FROM, to: TO, nps: 'detractor' };
    logged.length = 0;
    const { job, streamed } = await withoutDefinitions(async () => {
      const asked = await api('POST', '/exports', owner, { format: 'csv', filter });
      expect(asked.statusCode, asked.body).toBe(202);
      const failed = await finished(asked.json().data.export.id, owner);
      // The streamed way: the first page is read before the answer, so the fault is the error envelope.
      const answer = await get(owner, new URLSearchParams(filter).toString());
      return { job: failed, streamed: answer };
    });
    expect(job).toMatchObject({ state: 'failed', error: EXPORT_NOT_WRITTEN, errorCode: 10001 });
    expect(JSON.stringify(job)).not.toMatch(/select|failed query|params|definition/i);
    expect(streamed.statusCode).toBe(500);
    expect(streamed.json().error).toEqual({
      code: 10001,
      message: 'There was a problem with the server response',
      detail: null,
      ui: false,
    });
    expect(streamed.body).not.toMatch(/select|failed query|params|definition/i);

    // Both faults are in the server's log: drizzle's message (its parameters cut, decision 0136), the
    // stack, and the database's own reason in the cause.
    for (const msg of ['response export failed', 'request failed']) {
      const line = logged.find((entry) => entry.msg === msg);
      expect(line?.err?.message, msg).toMatch(
        /^Failed query: select id, name, definition, questions from surveys/,
      );
      expect(line?.err?.message, msg).toContain('params: [redacted]');
      expect(line?.err?.stack, msg).toMatch(/\n\s+at /);
      expect(JSON.stringify(line?.err?.cause), msg).toMatch(/column \\?"?definition\\?"? does not exist/);
    }
  });

  it('O8.7 an export failed before 0264 (its stored text a query, no code) is answered in a sentence', async () => {
    const operatorId = (await api('GET', '/me', owner)).json().data.operator.id as number;
    const [stored] = await queryRows<{ id: number }>(
      h.database.db,
      sql`insert into response_exports (company_id, operator_id, format, query, state, rows_total, rows_done,
          error, created_at, expires_at)
        values (1, ${operatorId}, 'csv', '{}'::jsonb, 'failed', 8, 0,
          'Failed query: select id from responses where company_id = $1' || chr(10) || 'params: 1',
          now(), now() + interval '1 day')
        returning id`,
    );
    const job = (await api('GET', `/exports/${stored?.id}`, owner)).json().data.export;
    expect(job).toMatchObject({ state: 'failed', error: EXPORT_NOT_WRITTEN, errorCode: 10001 });
  });

  it('O8.7 the failure’s words: a stopped process keeps its detail, the asker gone is 10005, the filter its own', () => {
    expect(exportFailure(new ExportProcessStopped(null, 'SIGKILL', 1200))).toEqual({
      code: ErrorCodes.INTERNAL,
      message: 'the export process stopped (signal SIGKILL) after 1200 rows',
    });
    expect(
      exportFailure(new AppError(ErrorCodes.NOT_AUTHENTICATED, { message: EXPORT_OPERATOR_GONE })),
    ).toEqual({ code: 10005, message: EXPORT_OPERATOR_GONE });
    expect(
      exportFailure(new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, { message: 'No branch 2' })),
    ).toEqual({ code: 10012, message: 'No branch 2' });
    const query = Object.assign(new Error('Failed query: select 1\nparams: secret@guest.test'), {
      params: ['secret@guest.test'],
    });
    expect(exportFailure(query)).toEqual({ code: 10001, message: EXPORT_NOT_WRITTEN });
  });

  it('reads page after page from where the last ended: every row once, in the order of a single read', async () => {
    const db = h.database.db;
    const surveys = await exportSurveys(db, 1, null);
    const columns = exportColumns(surveys.values());
    const read = async (pageSize: number) => {
      const pages: unknown[][][] = [];
      const rows = keysetRows(db, pageSize)(sql`r.company_id = 1`);
      for await (const page of exportPages(db, 1, rows, surveys, columns)) pages.push(page);
      return pages;
    };
    const whole = await read(10_000);
    expect(whole).toHaveLength(1);
    const paged = await read(2);
    expect(paged.length).toBeGreaterThanOrEqual(Math.ceil((whole[0]?.length ?? 0) / 2));
    expect(paged.every((page) => page.length <= 2)).toBe(true);
    expect(paged.flat()).toEqual(whole.flat());
    expect(paged.flat().every((cells) => cells.length === columns.length)).toBe(true);
    for (const id of ids) expect(paged.flat().filter((cells) => cells[0] === id)).toHaveLength(1);
  });
});
