import { randomBytes } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

// The package does not export its package.json; it sits one folder above its entry (dist/).
const pgliteVersion = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** Where prepared clusters are kept: npm's cache folder of this install, so a fresh install makes its own. */
export const TEMPLATE_ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../node_modules/.cache/venue-voice',
);

/** One template per PGlite version: a cluster made by another version may not open (decision 0126). */
export const templateDirOf = (root: string) => join(root, `pglite-${pgliteVersion}-cluster`);

const isCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));
const removeQuietly = (dir: string) => {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Nothing was made there, or it cannot be removed: either way nothing to do.
  }
};
const besideIt = (dir: string) => `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;

/** Makes the template cluster (PGlite's initdb, then a clean close) unless it is there; false if it cannot. */
async function ensureTemplate(template: string): Promise<boolean> {
  if (isCluster(template)) return true;
  // Built beside its final name and renamed into place: a second server starting at the same time
  // never copies half a cluster, and the loser of the rename race drops its own.
  const building = besideIt(template);
  try {
    mkdirSync(dirname(template), { recursive: true });
    // No extensions: they live in the WebAssembly file system, not in the cluster's files.
    const client = await PGlite.create({ dataDir: building });
    await client.close();
    renameSync(building, template);
  } catch {
    // Unwritable cache folder or a lost race: the caller opens the data dir as PGlite would anyway.
    removeQuietly(building);
  }
  return isCluster(template);
}

/**
 * Fills an empty PGlite data dir with a copy of a prepared, cleanly closed cluster, so that opening it
 * skips initdb (about 3 s of WebAssembly, most of a first start). The template is made once per
 * install, by the first start that needs it; a dir that already holds anything is left alone.
 */
export async function prepareDataDir(dataDir: string, root = TEMPLATE_ROOT): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) return;
  const template = templateDirOf(root);
  if (!(await ensureTemplate(template))) return;
  // Copied beside the dir and renamed over it: a start stopped mid-copy leaves no half cluster behind.
  // A copy-on-write clone where the file system offers one, a plain copy elsewhere.
  const copying = besideIt(dataDir);
  try {
    cpSync(template, copying, { recursive: true, mode: constants.COPYFILE_FICLONE });
    rmdirSync(dataDir);
    renameSync(copying, dataDir);
  } catch {
    // A full disk, say: PGlite's initdb gets the empty dir and reports what it cannot do itself.
    removeQuietly(copying);
    mkdirSync(dataDir, { recursive: true });
  }
}
