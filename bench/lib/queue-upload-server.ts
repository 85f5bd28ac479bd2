/**
 * The server side of queue-upload.bench.ts, in its own process: the real app on PGlite or PostgreSQL
 * (BENCH_KIND) with the demo seed, a voucher pool for every create, and one registered tablet at branch
 * 1 whose token it prints: `READY <port> <deviceId> <token>`. GET /bench/stats counts what the run
 * stored by guid prefix, so duplicates show as rows beyond the distinct guids.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { devices } from '../../apps/server/src/db/schema';
import { systemClock } from '../../apps/server/src/lib/clock';
import { hashToken } from '../../apps/server/src/plugins/request-context';
import { benchAppParts } from './app-parts';
import { openBenchDatabase } from './bench-db';

const kind = process.env.BENCH_KIND === 'postgres' ? 'postgres' : 'pglite';
const bench = await openBenchDatabase(kind);
const db = bench.database.db;
await db.execute(
  sql`insert into voucher_codes (survey_id, voucher_id, code)
      select 1, v, 'QB' || v || '-' || g from generate_series(1, 20000) g, (values (1), (2)) vs(v)`,
);
const token = randomBytes(32).toString('base64url');
const deviceId = 'bench-tablet';
await db
  .insert(devices)
  .values({ companyId: 1, branchId: 1, deviceId, uuid: 'bench', tokenHash: hashToken(token) });
const parts = await benchAppParts();
const app = await buildApp({
  db,
  config: { logLevel: 'warn' },
  clock: systemClock,
  storage: parts.storage,
  passcodeKey: parts.passcodeKey,
  mailer: parts.mailer,
});
app.addHook('onClose', parts.remove);

app.get('/bench/stats', async (request) => {
  const prefix = `${(request.query as { prefix?: string }).prefix ?? ''}%`;
  const rows = await db.execute(
    sql`select count(*)::int as rows, count(distinct guid)::int as guids,
               (select count(*)::int from response_supplements s join responses r on r.id = s.response_id
                 where r.guid::text like ${prefix}) as supplements,
               (select count(*)::int from contact_details c join responses r on r.id = c.response_id
                 where r.guid::text like ${prefix}) as contacts
        from responses where guid::text like ${prefix}`,
  );
  return (rows as unknown as { rows: unknown[] }).rows[0];
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
process.stdout.write(`READY ${address.port} ${deviceId} ${token}\n`);

const stop = async () => {
  await app.close();
  await bench.dispose();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
