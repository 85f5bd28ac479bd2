import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir, templateDirOf } from '../src/db/connection-template';

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

    const client = await PGlite.create({ dataDir: second });
    try {
      await client.exec('create table t (n int); insert into t values (7)');
      expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 7 }]);
    } finally {
      await client.close();
    }
    // What one data dir does stays out of the template and the other dirs.
    const reopened = await PGlite.create({ dataDir: first });
    try {
      expect((await reopened.query(`select to_regclass('t') as t`)).rows).toEqual([{ t: null }]);
    } finally {
      await reopened.close();
    }
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
