import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { PGLITE_EXTENSIONS, prepareDataDir, templateDirOf } from '../src/db/connection-template';
import { MIGRATIONS_FOLDER, migrate } from '../src/db/migrate';
import * as schema from '../src/db/schema';

describe('PGlite data dir from a prepared cluster (decision 0126)', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'vv-template-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('makes the template on first use, then fills each empty data dir with a copy that opens', async () => {
    const root = join(scratch, 'cache');
    const first = join(scratch, 'one', 'pglite');
    await prepareDataDir(first, root);
    const template = templateDirOf(root);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(first, 'PG_VERSION'))).toBe(true);
    // Closed cleanly: no lock file, nothing of the build left beside the template.
    expect(existsSync(join(template, 'postmaster.pid'))).toBe(false);
    expect(await readdir(root)).toEqual([template.split('/').pop()]);

    // A marker put into the template shows the next dir is a copy of it, not a new initdb.
    await writeFile(join(template, 'marker'), 'from the template');
    const second = join(scratch, 'two', 'pglite');
    await prepareDataDir(second, root);
    expect(await readFile(join(second, 'marker'), 'utf8')).toBe('from the template');
    expect((await readdir(scratch)).filter((name) => name.startsWith('two'))).toEqual(['two']);

    const client = await PGlite.create({ dataDir: second, extensions: PGLITE_EXTENSIONS });
    try {
      // The migrations are applied in the template: drizzle's migrator finds nothing to do.
      const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const applied = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows).toEqual([{ n: journal.entries.length }]);
      await migrate({ db: drizzle({ client, schema }), driver: 'pglite' } as unknown as Database);
      expect(
        (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows,
      ).toEqual(applied.rows);
      await client.exec('create table t (n int); insert into t values (7)');
      expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 7 }]);
    } finally {
      await client.close();
    }
    // What one data dir does stays out of the template and the other dirs.
    const reopened = await PGlite.create({ dataDir: first, extensions: PGLITE_EXTENSIONS });
    try {
      expect((await reopened.query(`select to_regclass('t') as t`)).rows).toEqual([{ t: null }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('drops templates of another PGlite or older migrations when it makes a new one', async () => {
    const root = join(scratch, 'old-cache');
    const stale = join(root, 'pglite-0.0.1-0123456789abcdef-cluster');
    await mkdir(stale, { recursive: true });
    await writeFile(join(stale, 'PG_VERSION'), '17');
    await prepareDataDir(join(scratch, 'three', 'pglite'), root);
    expect(await readdir(root)).toEqual([templateDirOf(root).split('/').pop()]);
  }, 120_000);

  it('leaves a dir that holds anything alone', async () => {
    const root = join(scratch, 'cache');
    const dir = join(scratch, 'used', 'pglite');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'something'), 'x');
    await prepareDataDir(dir, root);
    expect(await readdir(dir)).toEqual(['something']);
  });

  it('leaves the dir empty for PGlite’s own initdb when the template cannot be made', async () => {
    // A file where the cache folder should be: nothing can be created under it.
    const blocked = join(scratch, 'blocked');
    await writeFile(blocked, 'not a folder');
    const dir = join(scratch, 'fallback', 'pglite');
    await prepareDataDir(dir, join(blocked, 'cache'));
    expect(await readdir(dir)).toEqual([]);
  });
});
