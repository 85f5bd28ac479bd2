import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { deleteQuietly, PHOTO_FILE, photoKeyOf, photoUrl, putFiles } from '../images/photo-store';
import type { ProcessedPhoto } from '../images/process';
import type { Storage } from '../storage';

/** A member's photo and thumbnail as the staff edge shows them. */
export interface MemberPhotoUrls {
  imageUrl: string;
  thumbnailUrl: string;
}

/** Where member photos live: the orphan sweep (decision 0145) lists this folder. */
export const STAFF_PHOTO_PREFIX = 'staff/';

/** Storage key of a member photo: `staff/<branchId>/<128 random bits>[-thumb].jpg` (decision 0112). */
export const staffPhotoKey = (branchId: number, file: string) => `${STAFF_PHOTO_PREFIX}${branchId}/${file}`;

/** True for a key staffPhotoKey makes: a branch id and one of our photo file names. */
const isStaffPhotoKey = (key: string) => {
  const [folder, branch, file, ...rest] = key.split('/');
  return (
    `${folder}/` === STAFF_PHOTO_PREFIX &&
    /^\d+$/.test(branch ?? '') &&
    PHOTO_FILE.test(file ?? '') &&
    !rest.length
  );
};

/**
 * Stores a processed photo for a member of the branch; answers its URLs (served by routes/uploads.ts).
 * The files are written before the member row is committed: if that commit never comes, the orphan
 * sweep removes them (decision 0145).
 */
export async function storeMemberPhoto(
  storage: Storage,
  branchId: number,
  photo: ProcessedPhoto,
): Promise<MemberPhotoUrls> {
  const name = randomBytes(16).toString('hex');
  const keys = {
    image: staffPhotoKey(branchId, `${name}.jpg`),
    thumbnail: staffPhotoKey(branchId, `${name}-thumb.jpg`),
  };
  try {
    await putFiles(storage, keys, photo);
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.image), storage.delete(keys.thumbnail)]);
    throw error;
  }
  return { imageUrl: photoUrl(keys.image), thumbnailUrl: photoUrl(keys.thumbnail) };
}

/** Deletes the files behind a member's former photo URLs; a leftover file is logged, never served. */
export async function deleteMemberPhotoFiles(
  storage: Storage,
  log: FastifyBaseLogger,
  urls: readonly (string | null)[],
): Promise<void> {
  const keys = urls.flatMap((url) => {
    const key = photoKeyOf(url);
    return key && isStaffPhotoKey(key) ? [key] : [];
  });
  await deleteQuietly(storage, log, keys);
}
