import { randomBytes } from 'node:crypto';
import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_FILE, photoUrl } from '../images/photo-store';
import type { ProcessedPhoto } from '../images/process';
import { type Storage, StorageError } from '../storage';

/** A member's photo and thumbnail as the staff edge shows them. */
export interface MemberPhotoUrls {
  imageUrl: string;
  thumbnailUrl: string;
}

/** Storage key of a member photo: `staff/<branchId>/<128 random bits>[-thumb].jpg` (decision 0112). */
export const staffPhotoKey = (branchId: number, file: string) => `staff/${branchId}/${file}`;

/** Stores a processed photo for a member of the branch; answers its URLs (served by routes/uploads.ts). */
export async function storeMemberPhoto(
  storage: Storage,
  branchId: number,
  photo: ProcessedPhoto,
): Promise<MemberPhotoUrls> {
  const name = randomBytes(16).toString('hex');
  const image = staffPhotoKey(branchId, `${name}.jpg`);
  const thumbnail = staffPhotoKey(branchId, `${name}-thumb.jpg`);
  try {
    await storage.put(image, photo.image.bytes, 'image/jpeg');
    await storage.put(thumbnail, photo.thumbnail.bytes, 'image/jpeg');
  } catch (error) {
    await Promise.allSettled([storage.delete(image), storage.delete(thumbnail)]);
    if (error instanceof StorageError) {
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
        message: 'Photo storage is unavailable, please try again',
      });
    }
    throw error;
  }
  return { imageUrl: photoUrl(image), thumbnailUrl: photoUrl(thumbnail) };
}

/** Deletes the files behind a member's former photo URLs; a leftover file is logged, never served. */
export async function deleteMemberPhotoFiles(
  storage: Storage,
  log: FastifyBaseLogger,
  urls: readonly (string | null)[],
): Promise<void> {
  const keys = urls.flatMap((url) => {
    const match = url?.match(/\/api\/v1\/uploads\/(staff\/\d+\/[^/]+)$/);
    return match?.[1] && PHOTO_FILE.test(match[1].split('/')[2] ?? '') ? [match[1]] : [];
  });
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[i] }, 'could not delete staff photo');
  });
}
