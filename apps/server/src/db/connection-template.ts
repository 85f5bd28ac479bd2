import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../paths';
import type { Db } from './connection';
import { MIGRATIONS_FOLDER } from './migrate';

/** The extensions every PGlite of the server loads (the migrations create pg_trgm's); db/pglite-thread.mjs names them too. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * How every PGlite of the server starts: PGlite's own parameters, with a 32 MB buffer pool in place of
 * initdb's 128 MB (decision 0163). PGlite sets up the pool's shared memory at every open, 128 MB of it in
 * WebAssembly, which was half of opening a data dir; the pool beyond 32 MB bought no speed in the
 * benches (the OS file cache holds the data dir's pages anyway).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** PGlite's dist folder (its entry's), which holds its WebAssembly beside its code. */
export const PGLITE_DIST = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

// The package does not export its package.json; it sits one folder above its entry (dist/).
const pgliteVersion = (
  JSON.parse(readFileSync(join(PGLITE_DIST, '../package.json'), 'utf8')) as { version: string }
).version;

/** Where prepared clusters are kept: npm's cache folder of this install, so a fresh install makes its own. */
export const TEMPLATE_ROOT = resolve(SERVER_ROOT, '../../node_modules/.cache/venue-voice');

/** The migrations as drizzle's migrator sees them: its journal and the SQL files the journal names. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8');
  hash.update(journal);
  for (const entry of (JSON.parse(journal) as { entries: { tag: string }[] }).entries) {
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * One template per PGlite version (a cluster made by another version may not open) and set of
 * migrations (the template holds them applied, so a new migration makes a new template). The demo
 * template (decision 0165) also holds the demo seed, named by its digest.
 */
export const templateDirOf = (root: string, demoDigest?: string) =>
  join(
    root,
    `pglite-${pgliteVersion}-${migrationsDigest()}${demoDigest ? `-demo-${demoDigest}` : ''}-cluster`,
  );

/** The demo template of decision 0165: the demo seed's digest, and the seed run into the template. */
export interface DemoTemplate {
  digest: string;
  seed(db: Db): Promise<unknown>;
}

/**
 * In the demo template and so in each new copy of it, until the start has dated the copy (dateDemoCopy
 * in seed.ts) and removed it: a start cut off before that dates the copy next time. PostgreSQL leaves
 * files it does not know in its data dir alone.
 */
const UNDATED_DEMO = 'venue-voice-undated-demo';
export const isUndatedDemo = (dataDir: string) => existsSync(join(dataDir, UNDATED_DEMO));
export const markDemoDated = (dataDir: string) => rmSync(join(dataDir, UNDATED_DEMO), { force: true });

const isCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));
const removeQuietly = (dir: string) => {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Nothing was made there, or it cannot be removed: either way nothing to do.
  }
};
const besideIt = (dir: string) => `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
const isDemoTemplate = (name: string) => name.includes('-demo-');

/**
 * Older templates of the same kind (another PGlite, older migrations, another demo) only take space;
 * a build in progress is kept, and so is the other kind (the tests use the plain one, npm start the demo).
 */
function dropOtherTemplates(template: string): void {
  const kept = basename(template);
  for (const name of readdirSync(dirname(template))) {
    const sameKind = /^pglite-.*-cluster$/.test(name) && isDemoTemplate(name) === isDemoTemplate(kept);
    if (sameKind && name !== kept) removeQuietly(join(dirname(template), name));
  }
}

/**
 * Makes the template cluster unless it is there (PGlite's initdb, the migrations, the demo seed for
 * the demo template, a clean close); false if it cannot.
 */
export async function ensureTemplate(template: string, demo?: DemoTemplate): Promise<boolean> {
  if (isCluster(template)) return true;
  // Built beside its final name and renamed into place: a second server starting at the same time
  // never copies half a cluster, and the loser of the rename race drops its own.
  const building = besideIt(template);
  try {
    mkdirSync(dirname(template), { recursive: true });
    const client = await PGlite.create({
      dataDir: building,
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
    });
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      // The seed's inserts only: drizzle's query API (the schema) is not needed for them.
      await demo?.seed(db as unknown as Db);
    } finally {
      await client.close();
    }
    if (demo) writeFileSync(join(building, UNDATED_DEMO), 'dated by the first start of each copy\n');
    renameSync(building, template);
    dropOtherTemplates(template);
  } catch {
    // Unwritable cache folder or a lost race: the caller opens the data dir as PGlite would anyway.
    removeQuietly(building);
  }
  return isCluster(template);
}

/** The folders and files under `dir`, relative to it, each folder before what it holds. */
function listTree(dir: string, under = ''): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = join(under, entry.name);
    if (!entry.isDirectory()) files.push(path);
    else {
      const inner = listTree(dir, path);
      folders.push(path, ...inner.folders);
      files.push(...inner.files);
    }
  }
  return { folders, files };
}

/**
 * Copies a folder tree, every file at once: the template's 1,100 files copied in parallel on libuv's
 * threads took about half the time of fs.cpSync, which copies one file after another (decision 0152).
 * The folders are listed and made first, synchronously (a few milliseconds): every copy is then queued
 * before this returns, so the copy goes on while the main thread is busy elsewhere (evaluating the
 * server's modules, decision 0153) instead of waiting for it to read each folder.
 * Each file a copy-on-write clone where the file system offers one, a plain copy elsewhere.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const { folders, files } = listTree(from);
  mkdirSync(to);
  for (const folder of folders) mkdirSync(join(to, folder));
  await Promise.all(
    files.map((file) => copyFile(join(from, file), join(to, file), constants.COPYFILE_FICLONE)),
  );
}

/**
 * Fills an empty PGlite data dir with a copy of a prepared, cleanly closed cluster with the migrations
 * applied, so that opening it skips initdb (about 3 s of WebAssembly, most of a first start) and the
 * migrations find nothing to do; with `demo`, a copy of the demo template, which holds the demo seed
 * too (decision 0165). The template is made once per install and set of migrations (and demo), by the
 * first start that needs it; a dir that already holds anything is left alone.
 */
export async function prepareDataDir(
  dataDir: string,
  root = TEMPLATE_ROOT,
  demo?: DemoTemplate,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) return;
  const template = templateDirOf(root, demo?.digest);
  if (!(await ensureTemplate(template, demo))) return;
  // Copied beside the dir and renamed over it: a start stopped mid-copy leaves no half cluster behind.
  const copying = besideIt(dataDir);
  try {
    await copyTree(template, copying);
    rmdirSync(dataDir);
    renameSync(copying, dataDir);
  } catch {
    // A full disk, say: PGlite's initdb gets the empty dir and reports what it cannot do itself.
    removeQuietly(copying);
    mkdirSync(dataDir, { recursive: true });
  }
}
