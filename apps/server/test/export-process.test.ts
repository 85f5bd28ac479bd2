import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import {
  EXPORT_NOT_WRITTEN,
  type ExportProcesses,
  type ExportRun,
  exportProcesses,
  runExport,
} from '../src/services/exports';
import { checkedInboxFilter } from '../src/services/inbox';
import { foldResponses } from '../src/services/reports/fold';
import { postgresTarget, scratchPostgres } from './databases';
import { type Harness, ROOMY_CREATE_LIMITS, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';
import { storeResponses } from './support/inbox';
import {
  buildServer,
  freePort,
  REPO_ROOT,
  SERVER_BUNDLE,
  SERVER_NODE_ARGS,
  serverEnv,
  spawnServer,
  stopProcess,
  waitForHealth,
} from './support/main-process';

// Decision 0262: big exports on PostgreSQL are written by a process of their own. These tests need
// PostgreSQL, and fail without it rather than pass by being skipped.
const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** What a test does to a run as it goes (kill its process, hold its end), and every run started. */
interface Watch {
  runs: ExportRun[];
  onProgress?: (run: ExportRun, rows: number) => void;
  hold?: Promise<void>;
}

/** The real export processes, with the runs watched; `fromRows` set per test (Infinity: this thread). */
function watched(real: ExportProcesses, watch: Watch): ExportProcesses {
  return {
    fromRows: 0,
    run(task, out, onProgress) {
      const run: ExportRun = real.run(task, out, (rows) => {
        onProgress?.(rows);
        watch.onProgress?.(run, rows);
      });
      watch.runs.push(run);
      const hold = watch.hold;
      return {
        started: run.started,
        finished: hold
          ? run.finished.then(async (result) => {
              await hold;
              return result;
            })
          : run.finished,
        get bytes() {
          return run.bytes;
        },
        get pid() {
          return run.pid;
        },
        cancel: () => run.cancel(),
      };
    },
    close: () => real.close(),
  };
}

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('exports written by the export process (PostgreSQL)', () => {
  let h: Harness;
  let url: string;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  let real: ExportProcesses;
  let processes: ExportProcesses;
  const watch: Watch = { runs: [] };
  // The server's log, from errors up: where a failed export's fault goes whole (decision 0264).
  const logged: { msg: string; err?: { message: string; stack: string; cause?: unknown } }[] = [];

  beforeAll(async () => {
    if (!ADMIN_URL)
      throw new Error('TEST_DATABASE_URL is not set: the export process runs on PostgreSQL only (0262)');
    const base = postgresTarget(ADMIN_URL);
    h = await startHarness(
      {
        name: 'postgres',
        async create(options) {
          const made = await base.create(options);
          url = made.url as string;
          return made;
        },
      },
      {
        deps: () => {
          real = exportProcesses({ databaseUrl: url });
          processes = watched(real, watch);
          return {
            exportProcesses: processes,
            config: { logLevel: 'error', createLimits: ROOMY_CREATE_LIMITS },
            logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
          };
        },
      },
    );
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    // Beside the demo's 400 responses (more than one page): formula-looking text, a quote and a line feed.
    await storeResponses(h.database.db, [
      {
        branchId: 1,
        visit: '2018-05-02 12:00:00',
        questions: [{ id: 130, answer: { text: '=1+2 "quoted"\nsecond line' } }],
        indicators: [{ id: 1, score: 2 }],
        csat: 40,
        nps: 3,
      },
      { branchId: 2, visit: '2018-05-21 20:00:00', csat: 70, nps: 8, questions: [] },
    ]);
    await foldResponses(h.database.db);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const api = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, payload?: object) =>
    h.app.inject({ method, url: `${CONSOLE}${path}`, headers, ...(payload ? { payload } : {}) });

  /** The export once its run has ended (after the answer), and its file when it is done. */
  async function exported(format: 'csv' | 'xlsx', headers = owner, filter: object = {}) {
    const asked = await api('POST', '/exports', headers, { format, filter });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.export.id as number;
    for (let i = 0; i < 1500; i++) {
      const job = (await api('GET', `/exports/${id}`, headers)).json().data.export;
      if (job.state === 'done')
        return { job, file: (await api('GET', `/exports/${id}/file`, headers)).rawPayload };
      if (job.state === 'failed') return { job, file: null };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`export ${id} did not finish`);
  }

  /** Runs `work` with exports in this thread (fromRows Infinity) or in the process (0). */
  async function inThread<T>(work: () => Promise<T>): Promise<T> {
    processes.fromRows = Number.POSITIVE_INFINITY;
    try {
      return await work();
    } finally {
      processes.fromRows = 0;
    }
  }

  it('a CSV job written by the process has the bytes of the one written in the server’s thread', async () => {
    const before = watch.runs.length;
    const own = await inThread(() => exported('csv'));
    expect(watch.runs.length).toBe(before);
    const child = await exported('csv');
    expect(watch.runs.length).toBe(before + 1);
    expect(child.job).toMatchObject({ state: 'done', error: null, rowsDone: own.job.rowsDone });
    expect(own.job.rowsDone).toBeGreaterThan(400);
    expect(child.file?.equals(own.file as Buffer)).toBe(true);
    const rows: Record<string, string>[] = parse(child.file as Buffer, { bom: true, columns: true });
    expect(rows).toHaveLength(own.job.rowsDone);
    const comment = Object.keys(rows[0] ?? {}).find((name) => name.startsWith('Question 130:')) as string;
    expect(rows.some((row) => row[comment] === `'=1+2 "quoted"\nsecond line`)).toBe(true);
  });

  it('an XLSX job written by the process holds the same sheet, cell by cell', async () => {
    const sheetOf = async (file: Buffer | null) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as Parameters<typeof book.xlsx.load>[0]);
      const sheet = book.getWorksheet('Responses');
      if (!sheet) throw new Error('no Responses sheet');
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push(row.values as unknown[]));
      return rows;
    };
    const own = await inThread(() => exported('xlsx', owner, { nps: 'detractor' }));
    const child = await exported('xlsx', owner, { nps: 'detractor' });
    expect(child.job.state).toBe('done');
    // The files differ in their creation times (the workbook's and each zip entry's), not in a cell.
    const [ownRows, childRows] = [await sheetOf(own.file), await sheetOf(child.file)];
    expect(childRows.length).toBe(own.job.rowsDone + 1);
    expect(childRows).toEqual(ownRows);
  });

  it('the streamed answer through the process has the in-thread answer’s bytes, for a manager too', async () => {
    for (const headers of [owner, manager]) {
      const before = watch.runs.length;
      const own = await inThread(() => api('GET', '/responses/export?format=csv', headers));
      const child = await api('GET', '/responses/export?format=csv', headers);
      expect(watch.runs.length).toBe(before + 1);
      expect([own.statusCode, child.statusCode]).toEqual([200, 200]);
      expect(child.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(child.rawPayload.equals(own.rawPayload)).toBe(true);
    }
    // The manager's file holds branch 1 only, as the inbox does; a hidden branch is refused before any process.
    const rows: Record<string, string>[] = parse(
      (await api('GET', '/responses/export?format=csv', manager)).rawPayload,
      { bom: true, columns: true },
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.Branch === 'Demo Bistro Soho')).toBe(true);
    const before = watch.runs.length;
    const hidden = await api('GET', '/responses/export?branchId=2', manager);
    expect([hidden.statusCode, hidden.json().error.code]).toEqual([404, 10012]);
    expect(watch.runs.length).toBe(before);
  });

  it('the process’s progress reaches the job while it runs', async () => {
    let release!: () => void;
    watch.hold = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const asked = await api('POST', '/exports', owner, { format: 'csv', filter: {} });
      const { id, rowsTotal } = asked.json().data.export;
      let seen: { state: string; rowsDone: number } | undefined;
      for (let i = 0; i < 1500 && !(seen && seen.rowsDone > 0); i++) {
        seen = (await api('GET', `/exports/${id}`, owner)).json().data.export;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The first page's rows, written while the export is still running (its end is held).
      expect(seen?.state).toBe('running');
      expect(seen?.rowsDone).toBeGreaterThanOrEqual(200);
      expect(seen?.rowsDone).toBeLessThanOrEqual(rowsTotal);
      release();
      for (let i = 0; i < 1500; i++) {
        seen = (await api('GET', `/exports/${id}`, owner)).json().data.export;
        if (seen?.state !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toMatchObject({ state: 'done', rowsDone: rowsTotal });
    } finally {
      release();
      watch.hold = undefined;
    }
  });

  it('a process that dies marks its job failed, saying how it stopped, and leaves no file', async () => {
    const before = watch.runs.length;
    watch.onProgress = (run) => {
      if (run.pid !== undefined) process.kill(run.pid, 'SIGKILL');
    };
    try {
      const { job, file } = await exported('csv');
      expect(watch.runs.length).toBe(before + 1);
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/^the export process stopped \(signal SIGKILL\) after \d+ rows$/);
      expect(job.errorCode).toBe(10001);
      expect(file).toBeNull();
      const [row] = await queryRows<{ storage_key: string | null }>(
        h.database.db,
        sql`select storage_key from response_exports where id = ${job.id}`,
      );
      expect(row?.storage_key).toBeNull();
    } finally {
      watch.onProgress = undefined;
    }
  });

  it('a streamed answer whose process dies is cut, never whole', async () => {
    watch.onProgress = (run) => {
      if (run.pid !== undefined) process.kill(run.pid, 'SIGKILL');
    };
    try {
      // The answer is destroyed (light-my-request's inject rejects), not ended as if the file were whole.
      await expect(api('GET', '/responses/export?format=csv', owner)).rejects.toThrow(
        'response destroyed before completion',
      );
      expect(alive(watch.runs.at(-1)?.pid)).toBe(false);
    } finally {
      watch.onProgress = undefined;
    }
  });

  it('a fault in the process (its database not there) fails its run with the fault’s message, before any byte', async () => {
    const gone = new URL(url);
    gone.pathname = '/vv_test_no_such_database';
    const lost = exportProcesses({ databaseUrl: gone.toString() });
    const task = {
      format: 'csv' as const,
      scope: { companyId: 1, branchKeys: 'all' as const, surveyId: null, period: null },
      filter: checkedInboxFilter({}),
    };
    const run = lost.run(task, { pipe: true });
    // drizzle's message, the statement that failed, with PostgreSQL's reason as its cause (for the log;
    // a job keeps a sentence instead, decision 0264).
    await expect(run.started).rejects.toThrow(/^Failed query: select id, name, definition/);
    await expect(run.finished).rejects.toMatchObject({
      message: expect.stringMatching(/^Failed query: select id, name, definition/),
      cause: { message: 'database "vv_test_no_such_database" does not exist', code: '3D000' },
    });
    await lost.close();
  });

  it('O8.7 a database fault in the process fails its job with a sentence and a code; the log has the fault whole', async () => {
    const db = h.database.db;
    const before = watch.runs.length;
    // Only this test's lines (a process killed by another test was logged too).
    logged.length = 0;
    await queryRows(db, sql`alter table surveys rename column definition to definition_gone`);
    let failed: Awaited<ReturnType<typeof exported>>;
    let streamed: Awaited<ReturnType<typeof api>>;
    try {
      failed = await exported('csv');
      streamed = await api('GET', '/responses/export?format=csv', owner);
    } finally {
      await queryRows(db, sql`alter table surveys rename column definition_gone to definition`);
    }
    expect(watch.runs.length).toBe(before + 2);
    expect(failed.job).toMatchObject({ state: 'failed', error: EXPORT_NOT_WRITTEN, errorCode: 10001 });
    expect(JSON.stringify(failed.job)).not.toMatch(/select|failed query|params|definition/i);
    expect([streamed.statusCode, streamed.json().error.code]).toEqual([500, 10001]);
    expect(streamed.body).not.toMatch(/select|failed query|params|definition/i);
    // The process's fault as it was there: drizzle's message (parameters cut), the process's own stack
    // (its bundle's frames), PostgreSQL's reason in the cause.
    for (const msg of ['response export failed', 'request failed']) {
      const line = logged.find((entry) => entry.msg === msg);
      expect(line?.err?.message, msg).toMatch(
        /^Failed query: select id, name, definition, questions from surveys/,
      );
      expect(line?.err?.message, msg).toContain('params: [redacted]');
      expect(line?.err?.stack, msg).toMatch(/export-process\.mjs/);
      expect(line?.err?.cause, msg).toMatchObject({
        message: 'column "definition" does not exist',
        code: '42703',
      });
    }
  });

  it('runs no more processes at once than it may: the next export starts when one ends', async () => {
    const one = exportProcesses({ databaseUrl: url, atOnce: 1 });
    const task = {
      format: 'csv' as const,
      scope: { companyId: 1, branchKeys: 'all' as const, surveyId: null, period: null },
      filter: checkedInboxFilter({}),
    };
    const times: Record<string, number> = {};
    const [first, second] = [one.run(task, { pipe: true }), one.run(task, { pipe: true })];
    for (const [name, run] of [
      ['first', first],
      ['second', second],
    ] as const) {
      void run.started.then(() => {
        times[`${name} started`] = performance.now();
        run.bytes?.resume();
      });
      void run.finished.then(() => {
        times[`${name} finished`] = performance.now();
      });
    }
    await Promise.all([first.finished, second.finished]);
    expect(times['second started']).toBeGreaterThan(times['first finished'] as number);
    await one.close();
  });

  it('closing the export processes cancels a running export: its process ends, its job is queued again', async () => {
    const closing = exportProcesses({ databaseUrl: url });
    const local: Watch = { runs: [] };
    let closed: Promise<void> | undefined;
    local.onProgress = () => {
      closed ??= closing.close();
    };
    // A job of its own, queued as POST /exports stores one (without the app's run after the answer).
    const operatorId = (await api('GET', '/me', owner)).json().data.operator.id as number;
    const [stored] = await queryRows<{ id: number }>(
      h.database.db,
      sql`insert into response_exports (company_id, operator_id, format, query, state, rows_total, rows_done,
          created_at, expires_at)
        values (1, ${operatorId}, 'csv', '{}'::jsonb, 'queued', 500, 0, now(), now() + interval '1 day')
        returning id`,
    );
    const id = stored?.id as number;
    const deps = {
      db: h.database.db,
      storage: h.storage,
      now: () => new Date(),
      background: () => {},
      log: { error: () => {} },
    };
    await runExport({ ...deps, processes: watched(closing, local) }, id);
    await closed;
    expect(local.runs).toHaveLength(1);
    expect(alive(local.runs[0]?.pid)).toBe(false);
    await expect(local.runs[0]?.finished).rejects.toThrow('the export was cancelled');
    const state = async () =>
      (
        await queryRows<{ state: string; storage_key: string | null }>(
          h.database.db,
          sql`select state, storage_key from response_exports where id = ${id}`,
        )
      )[0];
    expect(await state()).toEqual({ state: 'queued', storage_key: null });
    // Closed processes start nothing: the exports job's next run (here in this thread) writes the file.
    await runExport({ ...deps, processes: watched(closing, local) }, id);
    expect(local.runs).toHaveLength(2);
    await expect(local.runs[1]?.finished).rejects.toThrow('the export was cancelled');
    expect((await state())?.state).toBe('queued');
    await runExport(deps, id);
    expect((await state())?.state).toBe('done');
  });
});

// The server as `npm start` runs it (its bundle, apps/server/dist/main.mjs): on PostgreSQL its export is
// written by dist/export-process.mjs, built beside it.
describe('the built server’s export process (PostgreSQL)', () => {
  it('streams an export written by dist/export-process.mjs', { timeout: 180_000 }, async () => {
    if (!ADMIN_URL)
      throw new Error('TEST_DATABASE_URL is not set: the export process runs on PostgreSQL only (0262)');
    buildServer();
    const scratch = await scratchPostgres(ADMIN_URL);
    const dataDir = mkdtempSync(join(tmpdir(), 'vv-export-bundle-'));
    const port = await freePort();
    const server = spawnServer([...SERVER_NODE_ARGS, SERVER_BUNDLE], {
      ...serverEnv({ port, dataDir, databaseUrl: scratch.url }),
      LOG_LEVEL: 'info',
      EXPORT_PROCESS_FROM_ROWS: '0',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(base, server.process, { limitMs: 120_000, pollMs: 100, output: server.output });
      const session = await fetch(`${base}${CONSOLE}/session`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_SIGN_INS.owner),
      });
      const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
      const answer = await fetch(`${base}${CONSOLE}/responses/export?format=csv`, { headers: { cookie } });
      expect(answer.status).toBe(200);
      const rows: Record<string, string>[] = parse(Buffer.from(await answer.arrayBuffer()), {
        bom: true,
        columns: true,
      });
      // The demo's own responses, every one (the seed's 400 of the last 90 days).
      expect(rows.length).toBeGreaterThanOrEqual(400);
      const told = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('export process wrote its file'))
          .map((line) => JSON.parse(line) as { rows: number; peakRssMb: number; script: string });
      // The server's log line reaches this process's pipe about when the answer ends: waited for a little.
      const toldAt = async (count: number) => {
        for (let i = 0; i < 100 && told().length < count; i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        return told();
      };
      expect(await toldAt(1)).toHaveLength(1);
      // An XLSX too: exceljs is left to node (scripts/build-server.mjs) and found from the bundle's folder.
      const xlsx = await fetch(`${base}${CONSOLE}/responses/export?format=xlsx`, { headers: { cookie } });
      expect(xlsx.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await xlsx.arrayBuffer());
      expect(book.getWorksheet('Responses')?.rowCount).toBe(rows.length + 1);
      const [csvTold, xlsxTold] = await toldAt(2);
      expect(xlsxTold?.rows).toBe(rows.length);
      expect(csvTold).toMatchObject({
        rows: rows.length,
        script: join(REPO_ROOT, 'apps/server/dist/export-process.mjs'),
      });
      expect(csvTold?.peakRssMb).toBeGreaterThan(0);
    } finally {
      await stopProcess(server.process, 10_000);
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  });
});
