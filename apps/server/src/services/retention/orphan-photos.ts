import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies, responseUploads, staffMembers } from '../../db/schema';
import { PHOTO_PREFIX, photoKeyOf, removeUnnamedPhotoFiles } from '../images/photo-store';
import { LOGO_PREFIX } from '../setup/company-logo';
import { STAFF_PHOTO_PREFIX } from '../staff/staff-photo';
import type { Storage } from '../storage';

/**
 * A file younger than this is never swept (decision 0145). A staff photo's files are written a few
 * milliseconds before the row that names them is committed, in one request; an hour is thousands of
 * times that, and covers a storage server whose clock (S3's LastModified) is minutes off ours.
 * Response photos need no grace to be safe (the sweep takes their row lock), but get the same.
 */
export const ORPHAN_PHOTO_GRACE_MS = 60 * 60_000;

/** Files checked against the database per query. */
const BATCH = 500;
/** The largest id PostgreSQL's `integer` holds: a bigger folder name cannot be a row's id. */
const MAX_ID = 2_147_483_647;

export interface OrphanSweep {
  /** Files found under photos/, staff/ and logos/. */
  listed: number;
  /** Younger than the grace period, so not looked at. */
  young: number;
  removed: number;
  /** Deletes the storage refused; the next run tries again. */
  failed: number;
}

interface Step {
  removed: number;
  failed: number;
}

/** The id in `<prefix><id>/<file>`, or null when that folder cannot be a row's id. */
const folderId = (prefix: string, key: string): number | null => {
  const found = /^(\d{1,10})\//.exec(key.slice(prefix.length));
  const id = found ? Number(found[1]) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
};

async function deleteAll(storage: Storage, keys: readonly string[]): Promise<Step> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  return { removed: keys.length - failed, failed };
}

const add = (total: Step, step: Step) => {
  total.removed += step.removed;
  total.failed += step.failed;
};

/** Response photos: a first read finds the unnamed files, then each response's step runs under its lock. */
async function sweepResponsePhotos(deps: { db: Db; storage: Storage }, keys: string[]): Promise<Step> {
  const total = { removed: 0, failed: 0 };
  const byResponse = new Map<number, string[]>();
  const stray: string[] = [];
  for (const key of keys) {
    const id = folderId(PHOTO_PREFIX, key);
    if (id === null) stray.push(key);
    else byResponse.set(id, [...(byResponse.get(id) ?? []), key]);
  }
  const ids = [...byResponse.keys()];
  const rows = ids.length
    ? await deps.db
        .select({ storageKey: responseUploads.storageKey, thumbnailKey: responseUploads.thumbnailKey })
        .from(responseUploads)
        .where(inArray(responseUploads.responseId, ids))
    : [];
  const named = new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
  for (const [id, files] of byResponse) {
    const unnamed = files.filter((key) => !named.has(key));
    if (unnamed.length) add(total, await removeUnnamedPhotoFiles(deps, id, unnamed));
  }
  add(total, await deleteAll(deps.storage, stray));
  return total;
}

/**
 * Staff photos: their keys are random, never written twice, so only the request that wrote a file can
 * name it, within the grace period; no lock is needed.
 */
async function sweepStaffPhotos(deps: { db: Db; storage: Storage }, keys: string[]): Promise<Step> {
  const branches = [
    ...new Set(keys.map((key) => folderId(STAFF_PHOTO_PREFIX, key)).filter((id) => id !== null)),
  ];
  const rows = branches.length
    ? await deps.db
        .select({ imageUrl: staffMembers.imageUrl, thumbnailUrl: staffMembers.thumbnailUrl })
        .from(staffMembers)
        .where(inArray(staffMembers.branchId, branches))
    : [];
  const named = new Set(rows.flatMap((row) => [photoKeyOf(row.imageUrl), photoKeyOf(row.thumbnailUrl)]));
  return deleteAll(
    deps.storage,
    keys.filter((key) => !named.has(key)),
  );
}

/** Company logos (decision 0210): random keys written once, like staff photos; only the company's current one stays. */
async function sweepLogos(deps: { db: Db; storage: Storage }, keys: string[]): Promise<Step> {
  const ids = [...new Set(keys.map((key) => folderId(LOGO_PREFIX, key)).filter((id) => id !== null))];
  const rows = ids.length
    ? await deps.db.select({ logoUrl: companies.logoUrl }).from(companies).where(inArray(companies.id, ids))
    : [];
  const named = new Set(rows.map((row) => photoKeyOf(row.logoUrl)));
  return deleteAll(
    deps.storage,
    keys.filter((key) => !named.has(key)),
  );
}

const FOLDERS = [
  { prefix: PHOTO_PREFIX, sweep: sweepResponsePhotos },
  { prefix: STAFF_PHOTO_PREFIX, sweep: sweepStaffPhotos },
  { prefix: LOGO_PREFIX, sweep: sweepLogos },
];

/**
 * Deletes the photo files (response photos, staff photos and company logos) that no row names and that were written
 * more than ORPHAN_PHOTO_GRACE_MS before `now` (decision 0145): those a cut-off upload, a rolled-back
 * member change or a database cascade left behind. Answers counts only: keys are capabilities
 * (decision 0030) and stay out of the logs.
 */
export async function sweepOrphanPhotos(deps: { db: Db; storage: Storage }, now: Date): Promise<OrphanSweep> {
  if (Number.isNaN(now.getTime())) throw new RangeError('sweepOrphanPhotos: now is not a valid date');
  const cutoff = now.getTime() - ORPHAN_PHOTO_GRACE_MS;
  const result: OrphanSweep = { listed: 0, young: 0, removed: 0, failed: 0 };
  for (const folder of FOLDERS) {
    let batch: string[] = [];
    for await (const object of deps.storage.list(folder.prefix)) {
      result.listed += 1;
      if (object.lastModified.getTime() >= cutoff) {
        result.young += 1;
        continue;
      }
      batch.push(object.key);
      if (batch.length >= BATCH) {
        add(result, await folder.sweep(deps, batch));
        batch = [];
      }
    }
    if (batch.length) add(result, await folder.sweep(deps, batch));
  }
  return result;
}
