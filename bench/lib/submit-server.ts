/**
 * The server side of submit.bench.ts, in its own process so the load generator does not share its
 * event loop: the real app on PGlite (on the data dir BENCH_PGLITE_DIR when set, else in memory) or
 * PostgreSQL (BENCH_KIND) with the demo seed, a voucher pool large enough that every create in the run takes a code, and POST /bench/plain-insert, the baseline:
 * the same response row written with one plain INSERT (no validation, context, hash, voucher).
 * Prints `READY <port>` once listening.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { responses } from '../../apps/server/src/db/schema';
import { systemClock } from '../../apps/server/src/lib/clock';
import { benchAppParts } from './app-parts';
import { openBenchDatabase } from './bench-db';

const kind = process.env.BENCH_KIND === 'postgres' ? 'postgres' : 'pglite';
const POOL = Number(process.env.BENCH_VOUCHER_POOL ?? 150_000);

// BENCH_PGLITE_DIR: PGlite on a data dir, as the server runs it (decision 0147); unset, in memory.
const bench = await openBenchDatabase(kind, { dataDir: process.env.BENCH_PGLITE_DIR || undefined });
const db = bench.database.db;
await db.execute(
  sql`insert into voucher_codes (survey_id, voucher_id, code)
      select 1, v, 'BENCH' || v || '-' || g from generate_series(1, ${POOL}) g, (values (1), (2)) vs(v)`,
);
// As main.ts runs it: the slug lookup cached for CONFIG_CACHE_TTL_MS (decision 0006), default 5 s.
const { configCacheTtlMs } = loadConfig({ ...process.env, DATABASE_URL: undefined });
const parts = await benchAppParts();
const app = await buildApp({
  db,
  storage: parts.storage,
  passcodeKey: parts.passcodeKey,
  mailer: parts.mailer,
  // The load generator is one address: the limits are set out of its reach, but every create is still
  // counted against them (decision 0189), so the bench measures the path as it runs.
  config: {
    logLevel: 'warn',
    createLimits: { perAddress: 1e9, perSurvey: 1e9, windowMinutes: 10, vouchersPerAddressPerDay: 1e9 },
  },
  clock: systemClock,
  cacheTtlMs: configCacheTtlMs,
});
app.addHook('onClose', parts.remove);

interface Body {
  payload: { guid: string; visitDatetime: string; staffId: number | null; feedbackAlert: boolean };
}
app.post('/bench/plain-insert', async (request) => {
  const { payload } = request.body as Body;
  const [row] = await db
    .insert(responses)
    .values({
      companyId: 1,
      surveyId: 1,
      guid: payload.guid,
      payloadHash: 'plain',
      payload,
      visitDatetime: payload.visitDatetime,
      authType: 'web',
      staffId: payload.staffId,
      feedbackAlert: payload.feedbackAlert,
    })
    .returning({ id: responses.id });
  return { data: { id: row?.id } };
});

// What the run stored, for the result's evidence: creates, plain rows, codes given, and the size of
// the database and its WAL in MB (with PGlite in memory both live in this process, so in its RSS).
app.get('/bench/stats', async () => {
  const rows = await db.execute(
    sql`select (select count(*)::int from responses where payload_hash <> 'plain') as creates,
               (select count(*)::int from responses where payload_hash = 'plain') as plain,
               (select count(*)::int from voucher_codes where response_id is not null) as vouchers,
               round(pg_database_size(current_database()) / 1048576.0)::int as "databaseMb",
               (select round(sum(size) / 1048576.0)::int from pg_ls_waldir()) as "walMb"`,
  );
  return (rows as unknown as { rows: unknown[] }).rows[0];
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
process.stdout.write(`READY ${address.port}\n`);

const stop = async () => {
  await app.close();
  await bench.dispose();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
