import { randomBytes } from 'node:crypto';
import { PHOTO_FILE, photoUrl, unavailable } from '../images/photo-store';
import type { ProcessedPhoto } from '../images/process';
import type { Storage } from '../storage';

/** Where company logos live: `logos/<companyId>/<128 random bits>.jpg`; the orphan sweep lists it. */
export const LOGO_PREFIX = 'logos/';

/** True for a key storeLogo makes: a company id and one of our photo file names (no thumbnail). */
export const isLogoKey = (key: string): boolean => {
  const [folder, company, file, ...rest] = key.split('/');
  return (
    `${folder}/` === LOGO_PREFIX &&
    /^\d+$/.test(company ?? '') &&
    PHOTO_FILE.test(file ?? '') &&
    !(file ?? '').includes('-thumb') &&
    rest.length === 0
  );
};

/**
 * Stores a company's logo as the image pipeline made it (re-encoded JPEG, no metadata, decision 0210)
 * and answers its URL. The file is written before the row names it: if that commit never comes, the
 * orphan sweep removes it (decision 0145).
 */
export async function storeLogo(storage: Storage, companyId: number, photo: ProcessedPhoto): Promise<string> {
  const key = `${LOGO_PREFIX}${companyId}/${randomBytes(16).toString('hex')}.jpg`;
  try {
    await storage.put(key, photo.image.bytes, 'image/jpeg');
  } catch (error) {
    throw unavailable(error);
  }
  return photoUrl(key);
}
