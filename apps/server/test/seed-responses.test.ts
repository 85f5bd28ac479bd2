import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Db, queryRows } from '../src/db/connection';
import { seedSyntheticResponses } from '../src/db/seed-responses';
import { foldResponses } from '../src/services/reports/fold';
import { databases, scratchPostgres } from './databases';
import { serviceUrl } from './support/services';

// `npm run seed:responses` (decision 0236): responses written already folded hold the same facts and
// rollups as the same responses stored and then folded by foldResponses (decision 0229).

const NOW = new Date('2026-11-27T12:00:00Z');
const history = { count: 2_000, seed: 11, now: NOW, days: 730 };

/** Every report table, in a fixed order, each row keyed by what identifies it (facts by the response's guid). */
const TABLES: Record<string, SQL> = {
  report_days: sql`select company_id, branch_key, survey_id, day::text, responses, csat_sum, csat_count, promoters,
    passives, detractors, complaints from report_days order by branch_key, survey_id, day`,
  report_day_indicators: sql`select branch_key, survey_id, day::text, indicator_id, score_sum::text, score_count
    from report_day_indicators order by branch_key, survey_id, day, indicator_id`,
  report_day_dishes: sql`select branch_key, survey_id, day::text, ref, bad, neutral, good
    from report_day_dishes order by branch_key, survey_id, day, ref`,
  report_day_dish_reasons: sql`select branch_key, survey_id, day::text, ref, reason_id, count
    from report_day_dish_reasons order by branch_key, survey_id, day, ref, reason_id`,
  report_day_staff: sql`select branch_key, survey_id, day::text, staff_id, chosen, csat_sum, csat_count, nps_sum,
    nps_count from report_day_staff order by branch_key, survey_id, day, staff_id`,
  response_scores: sql`select r.guid, s.indicator_id, s.score::text from response_scores s
    join responses r on r.id = s.response_id order by r.guid, s.indicator_id`,
  response_dishes: sql`select r.guid, d.position, d.ref, d.rating, d.reasons from response_dishes d
    join responses r on r.id = d.response_id order by r.guid, d.position`,
  response_texts: sql`select r.guid, t.body from response_texts t join responses r on r.id = t.response_id
    order by r.guid`,
  responses: sql`select guid, company_id, branch_id, survey_id, payload_hash, payload, visit_datetime, auth_type,
    staff_id, table_id, csat_score, nps_score, feedback_alert, trigger_complaint, manager_feedback,
    recommendation_permitted, language, folded from responses order by guid`,
};

async function tables(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(TABLES)) out[name] = await queryRows(db, query);
  return out;
}

const totals = async (db: Db) =>
  (
    await queryRows<{ stored: number; counted: number; waiting: number }>(
      db,
      sql`select (select count(*)::int from responses) as stored,
        (select coalesce(sum(responses), 0)::int from report_days) as counted,
        (select count(*)::int from responses where not folded) as waiting`,
    )
  )[0];

describe.each(databases())('seed:responses on $name', (target) => {
  let folded: Database;
  let stored: Database;
  const drops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const open = async () => {
      const made = await target.create({ now: NOW });
      drops.push(made.drop);
      return made.database;
    };
    folded = await open();
    stored = await open();
  }, 60_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('writes 2,000 responses already folded: the same rows, facts and rollups as storing them and folding', async () => {
    const progress: number[] = [];
    expect(
      await seedSyntheticResponses(folded.db, { ...history, batch: 700, progress: (n) => progress.push(n) }),
    ).toBe(2_000);
    expect(progress).toEqual([700, 1_400, 2_000]);
    expect(await seedSyntheticResponses(stored.db, { ...history, batch: 500, folded: false })).toBe(2_000);
    const before = await totals(stored.db);
    expect(before?.waiting).toBe(2_000);
    expect(await foldResponses(stored.db)).toBe(2_000);

    const [a, b] = [await tables(folded.db), await tables(stored.db)];
    expect(a).toEqual(b);
    // Not equal by being empty: every table holds the history.
    for (const [name, rows] of Object.entries(a)) expect(rows.length, name).toBeGreaterThan(50);
    expect(await totals(folded.db)).toEqual({ stored: before?.stored, counted: before?.stored, waiting: 0 });
  }, 120_000);

  it('adds nothing when run again with the same seed; another seed adds its own', async () => {
    const before = await totals(folded.db);
    expect(await seedSyntheticResponses(folded.db, history)).toBe(0);
    expect(await totals(folded.db)).toEqual(before);
    expect(await seedSyntheticResponses(folded.db, { ...history, count: 300, seed: 12 })).toBe(300);
    const after = await totals(folded.db);
    expect(after).toEqual({
      stored: (before?.stored ?? 0) + 300,
      counted: (before?.stored ?? 0) + 300,
      waiting: 0,
    });
  }, 60_000);
});

const exec = promisify(execFile);
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DATABASE_URL = serviceUrl('TEST_DATABASE_URL');

/** The CLI as `npm run seed:responses` runs it, on the database of `env`. */
const cli = (args: string[], env: Record<string, string>) =>
  exec(process.execPath, ['--import', 'tsx', 'src/db/seed-responses-cli.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

/** Runs the CLI on a database, then opens it and reads its totals. */
async function seedThenRead(env: Record<string, string>, open: () => Promise<Database>) {
  const run = await cli(['150', '--seed', '3', '--days', '60'], env);
  const database = await open();
  try {
    return { run, totals: await totals(database.db) };
  } finally {
    await database.close();
  }
}

const expectSeeded = ({ run, totals: t }: Awaited<ReturnType<typeof seedThenRead>>) => {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Added 150 synthetic responses \(seed 3, 60 days\) to company demo in [\d.]+ s/);
  expect(run.stdout).toContain('150 / 150');
  // The demo's own responses and the 150, every one counted in the rollups, none waiting.
  expect(t?.stored).toBeGreaterThanOrEqual(150);
  expect(t?.counted).toBe(t?.stored);
  expect(t?.waiting).toBe(0);
};

describe('npm run seed:responses (the process)', () => {
  it('seeds the demo and adds N folded responses to PGlite in DATA_DIR; refuses a bad N', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vv-seed-responses-'));
    try {
      expectSeeded(
        await seedThenRead({ DATA_DIR: dataDir }, () => createDatabase({ dataDir, thread: false })),
      );
      const usage = await cli(['0'], { DATA_DIR: dataDir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run seed:responses');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(TEST_DATABASE_URL)(
    'adds N folded responses to PostgreSQL at DATABASE_URL',
    async () => {
      const scratch = await scratchPostgres(TEST_DATABASE_URL as string);
      try {
        expectSeeded(
          await seedThenRead({ DATABASE_URL: scratch.url }, () =>
            createDatabase({ databaseUrl: scratch.url }),
          ),
        );
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
