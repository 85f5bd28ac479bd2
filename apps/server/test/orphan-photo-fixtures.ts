import { randomBytes } from 'node:crypto';
import { stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../src/db/connection';
import { responseUploads, staffMembers } from '../src/db/schema';
import { photoUrl } from '../src/services/images/photo-store';
import type { Storage } from '../src/services/storage';

export const HOUR = 3_600_000;

/** The keys of one photo: `<folder>/<32 hex>.jpg` and its thumbnail. */
export function photoKeys(folder: string) {
  const name = randomBytes(16).toString('hex');
  return { image: `${folder}/${name}.jpg`, thumbnail: `${folder}/${name}-thumb.jpg` };
}

/**
 * Writes a file into local storage at `dir` and sets its mtime `ageMs` before `now`, the write time
 * a listing reports. `now` should be a whole second: mtimes set through utimes keep whole seconds exactly.
 */
export async function putAged(storage: Storage, dir: string, key: string, now: Date, ageMs: number) {
  await storage.put(key, new TextEncoder().encode(`photo ${key}`), 'image/jpeg');
  await setAge(dir, key, now, ageMs);
}

export async function setAge(dir: string, key: string, now: Date, ageMs: number) {
  const at = new Date(now.getTime() - ageMs);
  await utimes(join(dir, key), at, at);
}

export const exists = (dir: string, key: string) =>
  stat(join(dir, key)).then(
    () => true,
    () => false,
  );

/** Every photo and staff photo file in the storage, sorted. */
export async function storedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of ['photos/', 'staff/']) for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys.sort();
}

/** A response_uploads row naming the keys, as replacePhoto writes it. */
export async function insertUploadRow(
  db: Db,
  responseId: number,
  keys: { image: string; thumbnail: string },
) {
  await db.insert(responseUploads).values({
    responseId,
    storageKey: keys.image,
    thumbnailKey: keys.thumbnail,
    contentType: 'image/jpeg',
    width: 64,
    height: 48,
    bytes: 100,
  });
}

/** A member of the demo branch (1) whose photo URLs name the keys (or no photo); answers its id. */
export async function insertMember(db: Db, keys: { image: string; thumbnail: string } | null) {
  const [row] = await db
    .insert(staffMembers)
    .values({
      branchId: 1,
      displayName: `M${randomBytes(3).toString('hex')}`,
      fullName: 'Sweep Test',
      imageUrl: keys ? photoUrl(keys.image) : null,
      thumbnailUrl: keys ? photoUrl(keys.thumbnail) : null,
    })
    .returning({ id: staffMembers.id });
  if (!row) throw new Error('no member row');
  return row.id;
}

/** Now rounded down to a whole second (see putAged). */
export const wholeSecondNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);
