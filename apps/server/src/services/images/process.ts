import { AppError, ErrorCodes } from '@venue-voice/domain';
import { type AcceptedType, detectImageType, isAccepted } from './detect';

/** More pixels than this is refused from the header alone, before anything is decoded (pixel flood). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored photo's longest edge; larger photos are scaled down (a guest photo needs no more). */
export const MAX_EDGE = 2560;
/** The thumbnail fits in a square of this many pixels. */
export const THUMBNAIL_EDGE = 320;
// A pathological image must not hold a worker thread for long.
const TIMEOUT_SECONDS = 20;

// sharp (libvips) loads on the first upload, not at every start: most starts never process a photo.
let sharpLoading: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () => {
  sharpLoading ??= import('sharp').then((module) => module.default);
  return sharpLoading;
};

export interface ProcessedPhoto {
  source: AcceptedType;
  image: { bytes: Buffer; width: number; height: number };
  thumbnail: { bytes: Buffer; width: number; height: number };
}

export type RejectReason = 'tooLarge' | 'svg' | 'heic' | 'notImage' | 'tooManyPixels' | 'unreadable';

/** 10027 with the reason in detail; 413 for what is too big (bytes or pixels), 415 for the wrong kind. */
export function uploadRejected(reason: RejectReason, message: string, extra: Record<string, unknown> = {}) {
  const status = reason === 'tooLarge' || reason === 'tooManyPixels' ? 413 : 415;
  return new AppError(ErrorCodes.UPLOAD, { status, message, detail: { reason, ...extra } });
}

function refuseByType(bytes: Uint8Array): AcceptedType {
  const type = detectImageType(bytes);
  if (isAccepted(type)) return type;
  if (type === 'heic') {
    return throwRejected(
      'heic',
      'HEIC/HEIF photos are not accepted: convert the photo to JPEG before uploading it',
    );
  }
  if (type === 'svg')
    return throwRejected('svg', 'SVG images are not accepted: upload a JPEG, PNG, WebP or GIF');
  return throwRejected('notImage', 'The file is not an image: upload a JPEG, PNG, WebP or GIF');
}

const throwRejected = (reason: RejectReason, message: string): never => {
  throw uploadRejected(reason, message);
};

const unreadable = () => uploadRejected('unreadable', 'The image could not be read: it may be damaged');

/**
 * Checks an upload and makes what we store from it: the photo turned upright by its EXIF orientation,
 * flattened onto white, scaled to fit MAX_EDGE, re-encoded as JPEG with every piece of metadata
 * (EXIF with GPS, XMP, IPTC, ICC) left behind, and a thumbnail. Throws 10027 for anything refused.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const source = refuseByType(bytes);
  const sharp = await loadSharp();
  // The header alone (no pixels decoded) gives the size, so a pixel flood is refused with its numbers.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== source) throw unreadable();
    width = meta.width;
    height = meta.height;
  } catch (error) {
    throw error instanceof AppError ? error : mapSharpError(error);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw uploadRejected(
      'tooManyPixels',
      `The image has too many pixels (${width} × ${height}); the limit is ${MAX_INPUT_PIXELS.toLocaleString('en-GB')}`,
      { width, height, limit: MAX_INPUT_PIXELS },
    );
  }

  // limitInputPixels stays on as the library's own guard should a header and the pixels disagree.
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, failOn: 'error' });
  const base = input.timeout({ seconds: TIMEOUT_SECONDS }).flatten({ background: '#ffffff' });
  try {
    const [image, thumbnail] = await Promise.all([
      base
        .clone()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      source,
      image: { bytes: image.data, width: image.info.width, height: image.info.height },
      thumbnail: { bytes: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (error) {
    throw mapSharpError(error);
  }
}

function mapSharpError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return uploadRejected('tooManyPixels', 'The image has too many pixels', { limit: MAX_INPUT_PIXELS });
  }
  return unreadable();
}
