import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows } from '../src/db/connection';
import {
  isUndatedDemo,
  markDemoDated,
  prepareDataDir,
  TEMPLATE_ROOT,
  templateDirOf,
} from '../src/db/connection-template';
import { dateDemoCopy, demoTemplate, seedDemo } from '../src/db/seed';
import { verifyPasscode } from '../src/lib/passcode';
import { openPasscode } from '../src/services/devices/passcode-seal';
import { databases } from './databases';

const demo = demoTemplate();

/** Every table's rows, without what differs by design: creation times and the passcode's salt and seal. */
async function contents(database: Database): Promise<Record<string, unknown>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const byTable: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: unknown }>(
      database.db,
      sql`select coalesce(jsonb_agg(to_jsonb(t) - 'created_at' - 'device_passcode_hash'
            - 'device_passcode_sealed' order by to_jsonb(t)::text), '[]') as rows
          from ${sql.identifier(name)} t`,
    );
    byTable[name] = row?.rows;
  }
  byTable['(sequences)'] = await queryRows(
    database.db,
    sql`select sequencename, last_value from pg_sequences order by 1`,
  );
  return byTable;
}

/** Each branch's passcode: what its hash verifies and what its seal opens to under `key`. */
async function passcodes(database: Database, key: Buffer) {
  const rows = await queryRows<{ id: number; hash: string; sealed: string }>(
    database.db,
    sql`select id, device_passcode_hash as hash, device_passcode_sealed as sealed from branches order by id`,
  );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      hashOfDemo1: await verifyPasscode('demo1', row.hash),
      sealed: openPasscode(key, row.id, row.sealed ?? ''),
    })),
  );
}

describe('the demo template (decision 0165)', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'vv-demo-template-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('a new data dir, dated at a time, holds what the seed writes at that time', async () => {
    const now = new Date('2025-06-14T18:30:00Z');
    const key = randomBytes(32);
    const dataDir = join(scratch, 'copy');
    // The template is seeded when it is made (today), the copy dated for June 2025: only dating makes
    // them agree. The install's own demo template, as npm start uses it (made here if missing).
    await prepareDataDir(join(dataDir, 'pglite'), TEMPLATE_ROOT, demo);
    expect(isUndatedDemo(join(dataDir, 'pglite'))).toBe(true);
    const copy = await createDatabase({ dataDir });
    // The reference: a database the seed itself fills, at the same time and under the same key.
    const pglite = databases().find((target) => target.name === 'pglite');
    if (!pglite) throw new Error('no PGlite test database');
    const seeded = await pglite.create({ seed: false });
    try {
      await dateDemoCopy(copy.db, { now, passcodeKey: key });
      await seedDemo(seeded.database.db, { now, passcodeKey: key });
      const expected = await contents(seeded.database);
      expect(Object.keys(expected)).toEqual(expect.arrayContaining(['transactions', 'voucher_codes']));
      expect(await contents(copy)).toEqual(expected);
      const demo1Everywhere = [
        { id: 1, hashOfDemo1: true, sealed: 'demo1' },
        { id: 2, hashOfDemo1: true, sealed: 'demo1' },
        { id: 3, hashOfDemo1: true, sealed: 'demo1' },
      ];
      expect(await passcodes(copy, key)).toEqual(demo1Everywhere);
      expect(await passcodes(seeded.database, key)).toEqual(demo1Everywhere);
    } finally {
      await copy.close();
      await seeded.drop();
    }
    markDemoDated(join(dataDir, 'pglite'));
    expect(isUndatedDemo(join(dataDir, 'pglite'))).toBe(false);
  }, 120_000);

  it('is named by the demo seed, beside the plain template, and replaces only an older demo', async () => {
    const root = join(scratch, 'two-kinds');
    // The plain template copied from the install's (test/global-setup.ts made it): one initdb fewer.
    const plain = templateDirOf(root);
    await cp(templateDirOf(TEMPLATE_ROOT), plain, { recursive: true });
    const olderDemo = join(root, 'pglite-0.0.1-0123456789abcdef-demo-0123456789abcdef-cluster');
    await mkdir(olderDemo, { recursive: true });
    await writeFile(join(olderDemo, 'PG_VERSION'), '17');

    const current = templateDirOf(root, demo.digest);
    expect(current).not.toBe(plain);
    await prepareDataDir(join(scratch, 'another', 'pglite'), root, demo);
    expect((await readdir(root)).sort()).toEqual([plain, current].map((dir) => basename(dir)).sort());
    // The plain template stays as it was made: no demo in it, nothing to date.
    expect(isUndatedDemo(plain)).toBe(false);
    expect(isUndatedDemo(current)).toBe(true);
  }, 120_000);
});
