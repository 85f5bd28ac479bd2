import { type ValidationError, validatePhotoSize } from '@venue-voice/domain';
import { type PhotoType, sniffPhoto } from './photo-type';

/**
 * Why a photo cannot be sent, by the server's `detail.reason` names (decision 0030) so the screen has
 * one message per reason whether the browser or the server found the fault.
 */
export type RefusalReason = 'svg' | 'heic' | 'notImage' | 'unreadable' | 'tooManyPixels';

/** The longest edge the server keeps (it scales larger photos down to it): more is wasted bandwidth. */
export const PHOTO_MAX_EDGE = 2560;
/** Below this size a photo goes as it is: the few bytes saved are not worth a second JPEG encoding. */
export const SHRINK_FROM_BYTES = 1_500_000;
/** JPEG quality of what the browser encodes (the server re-encodes at 82 after). */
export const JPEG_QUALITY = 0.88;

/** The browser's image work, injected so tests (jsdom has no decoder) and screens share one pipeline. */
export interface PhotoTools {
  /** HEIC/HEIF (HEVC) → JPEG fitting `maxEdge`; rejects when the file cannot be decoded. */
  convertHeic(file: Blob, maxEdge: number): Promise<Blob>;
  /**
   * Decodes with the browser and encodes a JPEG fitting `maxEdge` (upright, on white, no metadata).
   * With `onlyWhenLarger`, answers null for an image that already fits. Rejects when undecodable.
   */
  reencode(image: Blob, maxEdge: number, onlyWhenLarger: boolean): Promise<Blob | null>;
}

export type PreparedPhoto = { ok: true; blob: Blob; fileName: string };
export type PhotoProblem =
  | { ok: false; problem: 'invalid'; error: ValidationError }
  | { ok: false; problem: 'refused'; reason: RefusalReason };

const refused = (reason: RefusalReason): PhotoProblem => ({ ok: false, problem: 'refused', reason });
const tooLarge = (bytes: number): PhotoProblem | null => {
  const error = validatePhotoSize(bytes);
  return error ? { ok: false, problem: 'invalid', error } : null;
};
// The guest's own file name never leaves the phone: the server names what it stores anyway.
const prepared = (blob: Blob, type: 'jpeg' | 'png' | 'webp' | 'gif'): PreparedPhoto => ({
  ok: true,
  blob,
  fileName: `photo.${type === 'jpeg' ? 'jpg' : type}`,
});

async function shrinkIfLarge(file: Blob, type: 'jpeg' | 'png' | 'webp', tools: PhotoTools) {
  if (file.size < SHRINK_FROM_BYTES) return prepared(file, type);
  try {
    const smaller = await tools.reencode(file, PHOTO_MAX_EDGE, true);
    return smaller ? prepared(smaller, 'jpeg') : prepared(file, type);
  } catch {
    // The browser could not decode it (memory on a small phone, a damaged file): the server decides.
    return prepared(file, type);
  }
}

async function convert(
  file: Blob,
  type: PhotoType,
  tools: PhotoTools,
): Promise<PreparedPhoto | PhotoProblem> {
  switch (type) {
    case 'svg':
      return refused('svg');
    case 'gif':
      return prepared(file, 'gif');
    case 'jpeg':
    case 'png':
    case 'webp':
      return shrinkIfLarge(file, type, tools);
    case 'heic':
      return tools.convertHeic(file, PHOTO_MAX_EDGE).then(
        (jpeg) => prepared(jpeg, 'jpeg'),
        () => refused('heic'),
      );
    case 'avif':
    case 'other': {
      // Whatever else the browser can draw (AVIF, BMP, TIFF on Safari) goes as a JPEG.
      const jpeg = await tools.reencode(file, PHOTO_MAX_EDGE, false).catch(() => null);
      if (jpeg) return prepared(jpeg, 'jpeg');
      return refused(type === 'avif' ? 'heic' : 'notImage');
    }
  }
}

/**
 * Makes what is uploaded from the file the guest chose (G5.20, architecture "Photos"): a file of the
 * limit or more is refused before any work (the spec's rule is about the file chosen); HEIC/HEIF found
 * by its bytes becomes JPEG; a large photo is scaled to what the server keeps (decision 0067).
 */
export async function preparePhoto(file: Blob, tools: PhotoTools): Promise<PreparedPhoto | PhotoProblem> {
  const chosen = tooLarge(file.size);
  if (chosen) return chosen;
  const result = await convert(file, await sniffPhoto(file), tools);
  // A conversion could in theory grow the file; the server would refuse it, so say so here.
  return result.ok ? (tooLarge(result.blob.size) ?? result) : result;
}
