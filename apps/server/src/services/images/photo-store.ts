import { randomBytes } from 'node:crypto';
import { AppError, ErrorCodes } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { responseUploads } from '../../db/schema';
import { type Storage, StorageError } from '../storage';
import type { ProcessedPhoto } from './process';

/** Where uploads are served (routes/uploads.ts); a photo's URL is this plus its storage key. */
export const UPLOADS_PATH = '/api/v1/uploads';

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

const keysFor = (responseId: number) => {
  const name = randomBytes(16).toString('hex');
  return { image: `photos/${responseId}/${name}.jpg`, thumbnail: `photos/${responseId}/${name}-thumb.jpg` };
};

export const photoUrl = (key: string) => `${UPLOADS_PATH}/${key}`;

/** The storage is down or refusing: a fault of ours that a retry may get past (10021, 503). */
const unavailable = (error: unknown) => {
  if (error instanceof StorageError) {
    return new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      message: 'Photo storage is unavailable, please try again',
    });
  }
  return error;
};

/** Deleting files must not fail a request that already committed: a leftover file is logged, never served. */
async function deleteQuietly(storage: Storage, log: FastifyBaseLogger, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[i] }, 'could not delete upload file');
  });
}

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

/**
 * Stores the photo and its thumbnail under new keys, then points the response at them in one
 * transaction that holds the response row (so two uploads of one response cannot both miss the
 * other's files), and only after the commit deletes the files of the photo it replaced.
 */
export async function replacePhoto(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  responseId: number,
  photo: ProcessedPhoto,
  now: Date,
): Promise<PhotoAnswer> {
  const { db, storage, log } = deps;
  const keys = keysFor(responseId);
  try {
    await storage.put(keys.image, photo.image.bytes, 'image/jpeg');
    await storage.put(keys.thumbnail, photo.thumbnail.bytes, 'image/jpeg');
  } catch (error) {
    await deleteQuietly(storage, log, [keys.image, keys.thumbnail]);
    throw unavailable(error);
  }

  const row = {
    storageKey: keys.image,
    thumbnailKey: keys.thumbnail,
    contentType: 'image/jpeg',
    width: photo.image.width,
    height: photo.image.height,
    bytes: photo.image.bytes.length,
    createdAt: now,
  };
  let previous: CurrentPhoto | null;
  try {
    previous = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from responses where id = ${responseId} for update`);
      const before = await findPhoto(tx as unknown as Db, responseId);
      await tx
        .insert(responseUploads)
        .values({ responseId, ...row })
        .onConflictDoUpdate({ target: responseUploads.responseId, set: row });
      return before;
    });
  } catch (error) {
    await deleteQuietly(storage, log, [keys.image, keys.thumbnail]);
    throw error;
  }
  if (previous) await deleteQuietly(storage, log, [previous.storageKey, previous.thumbnailKey]);
  return {
    imageUrl: photoUrl(keys.image),
    thumbnailUrl: photoUrl(keys.thumbnail),
    width: photo.image.width,
    height: photo.image.height,
  };
}

/** Removes the response's photo row and then its files; true when there was one. */
export async function removePhoto(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  responseId: number,
): Promise<boolean> {
  const { db, storage, log } = deps;
  const removed = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from responses where id = ${responseId} for update`);
    return tx
      .delete(responseUploads)
      .where(eq(responseUploads.responseId, responseId))
      .returning({ storageKey: responseUploads.storageKey, thumbnailKey: responseUploads.thumbnailKey });
  });
  for (const photo of removed) await deleteQuietly(storage, log, [photo.storageKey, photo.thumbnailKey]);
  return removed.length > 0;
}
