import { createHash, createHmac } from 'node:crypto';
import { AppError, ErrorCodes } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { responseUploads } from '../../db/schema';
import { responseSecretKey } from '../responses/response-secret';
import { type Storage, StorageError } from '../storage';
import type { ProcessedPhoto } from './process';

/** Where uploads are served (routes/uploads.ts); a photo's URL is this plus its storage key. */
export const UPLOADS_PATH = '/api/v1/uploads';

/** Where response photos live: `photos/<response id>/<file>`; the orphan sweep lists this folder. */
export const PHOTO_PREFIX = 'photos/';

/** A stored photo file name: 128 random bits (the URL is the capability, decision 0030). */
export const PHOTO_FILE = /^([0-9a-f]{32})(-thumb)?\.jpg$/;

export interface PhotoAnswer {
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface CurrentPhoto {
  storageKey: string;
  thumbnailKey: string;
  contentType: string;
  width: number;
  height: number;
}

/**
 * The photo's keys: 128 bits of HMAC(server key, response id and the stored JPEG), so the URL stays
 * unguessable (decision 0030) and the same photo sent again for the same response gets the same keys.
 * A request cut off after writing its files (the server killed, decision 0140) leaves them under the
 * keys its retry writes again and the row then names: nothing is left behind that no row names.
 */
async function keysFor(db: Db, responseId: number, image: Buffer) {
  const digest = createHash('sha256').update(image).digest('hex');
  const name = createHmac('sha256', await responseSecretKey(db))
    .update(`photo:${responseId}:${digest}`)
    .digest('hex')
    .slice(0, 32);
  const folder = `${PHOTO_PREFIX}${responseId}/`;
  return { image: `${folder}${name}.jpg`, thumbnail: `${folder}${name}-thumb.jpg` };
}

export const photoUrl = (key: string) => `${UPLOADS_PATH}/${key}`;

/** The storage key behind one of our photo URLs (photoUrl's inverse), or null for any other URL. */
export const photoKeyOf = (url: string | null | undefined): string | null =>
  url?.startsWith(`${UPLOADS_PATH}/`) ? url.slice(UPLOADS_PATH.length + 1) : null;

/** The storage is down or refusing: a fault of ours that a retry may get past (10021, 503). */
export const unavailable = (error: unknown) => {
  if (error instanceof StorageError) {
    return new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      message: 'Photo storage is unavailable, please try again',
    });
  }
  return error;
};

/** Deleting files must not fail a request that already committed: a leftover file is logged, never served. */
export async function deleteQuietly(storage: Storage, log: FastifyBaseLogger, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[i] }, 'could not delete upload file');
  });
}

/** Every storage step of a response's photo runs while its row is locked (decision 0140). */
const lockResponse = (tx: Pick<Db, 'execute'>, responseId: number) =>
  tx.execute(sql`select id from responses where id = ${responseId} for update`);

/** The response's current photo, or null. */
export async function findPhoto(db: Db, responseId: number): Promise<CurrentPhoto | null> {
  const rows = await db
    .select({
      storageKey: responseUploads.storageKey,
      thumbnailKey: responseUploads.thumbnailKey,
      contentType: responseUploads.contentType,
      width: responseUploads.width,
      height: responseUploads.height,
    })
    .from(responseUploads)
    .where(eq(responseUploads.responseId, responseId))
    .limit(1);
  return rows[0] ?? null;
}

/** Writes both files; a storage failure is 10021 (503, worth a retry). */
export async function putFiles(
  storage: Storage,
  keys: { image: string; thumbnail: string },
  photo: ProcessedPhoto,
) {
  try {
    await storage.put(keys.image, photo.image.bytes, 'image/jpeg');
    await storage.put(keys.thumbnail, photo.thumbnail.bytes, 'image/jpeg');
  } catch (error) {
    throw unavailable(error);
  }
}

/**
 * Stores the photo and its thumbnail and points the response at them. Every step runs while the
 * response row is locked (`for update`): the files are written, the row upserted and the replaced
 * photo's files deleted, then the commit. So two requests of one response (upserts, a delete) never
 * interleave their files, and a retry after a cut-off request finds the same keys (decision 0140).
 */
export async function replacePhoto(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  responseId: number,
  photo: ProcessedPhoto,
  now: Date,
): Promise<PhotoAnswer> {
  const { db, storage, log } = deps;
  const keys = await keysFor(db, responseId, photo.image.bytes);
  const row = {
    storageKey: keys.image,
    thumbnailKey: keys.thumbnail,
    contentType: 'image/jpeg',
    width: photo.image.width,
    height: photo.image.height,
    bytes: photo.image.bytes.length,
    createdAt: now,
  };
  let before: CurrentPhoto | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockResponse(tx, responseId);
      before = await findPhoto(tx as unknown as Db, responseId);
      await putFiles(storage, keys, photo);
      await tx
        .insert(responseUploads)
        .values({ responseId, ...row })
        .onConflictDoUpdate({ target: responseUploads.responseId, set: row });
      // The same photo again keeps its keys: only another photo's files go.
      if (before && before.storageKey !== keys.image)
        await deleteQuietly(storage, log, [before.storageKey, before.thumbnailKey]);
    });
  } catch (error) {
    // Rolled back: the row still names `before`, so its keys (the same photo) must stay.
    const kept = before as CurrentPhoto | null;
    if (kept?.storageKey !== keys.image) await deleteQuietly(storage, log, [keys.image, keys.thumbnail]);
    throw error;
  }
  return {
    imageUrl: photoUrl(keys.image),
    thumbnailUrl: photoUrl(keys.thumbnail),
    width: photo.image.width,
    height: photo.image.height,
  };
}

/**
 * Removes the response's photo row and its files, the files before the commit while the row is locked,
 * so an upsert of the same photo waiting on the lock writes its files after they are gone (decision
 * 0140). True when there was one.
 */
export async function removePhoto(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  responseId: number,
): Promise<boolean> {
  const { db, storage, log } = deps;
  return db.transaction(async (tx) => {
    await lockResponse(tx, responseId);
    const removed = await tx
      .delete(responseUploads)
      .where(eq(responseUploads.responseId, responseId))
      .returning({ storageKey: responseUploads.storageKey, thumbnailKey: responseUploads.thumbnailKey });
    for (const photo of removed) await deleteQuietly(storage, log, [photo.storageKey, photo.thumbnailKey]);
    return removed.length > 0;
  });
}

/**
 * The orphan sweep's step for one response (decision 0145): deletes those of `keys` (files under
 * `photos/<responseId>/`) that its row does not name, under the row lock. A retried upload writes the
 * same keys again (decision 0140), so a file the sweep found unnamed may be named by the time it is
 * deleted; the lock makes the sweep wait for an upload in progress and read the row it committed.
 */
export async function removeUnnamedPhotoFiles(
  deps: { db: Db; storage: Storage },
  responseId: number,
  keys: readonly string[],
): Promise<{ removed: number; failed: number }> {
  const { db, storage } = deps;
  return db.transaction(async (tx) => {
    await lockResponse(tx, responseId);
    const photo = await findPhoto(tx as unknown as Db, responseId);
    const unnamed = keys.filter((key) => key !== photo?.storageKey && key !== photo?.thumbnailKey);
    const results = await Promise.allSettled(unnamed.map((key) => storage.delete(key)));
    const failed = results.filter((result) => result.status === 'rejected').length;
    return { removed: unnamed.length - failed, failed };
  });
}
