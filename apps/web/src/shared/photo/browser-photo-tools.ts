import { JPEG_QUALITY, type PhotoTools } from './prepare-photo';

/** The size that fits `maxEdge` on the longest side, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws a decoded image as a JPEG fitting `maxEdge`. Canvas output carries no metadata, so the
 * photo's EXIF (GPS included) never leaves the phone; transparency is flattened onto white as the
 * server does.
 */
async function drawJpeg(bitmap: ImageBitmap, maxEdge: number): Promise<Blob> {
  const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    // Frees the pixels at once; a 12 MP canvas is ~48 MB that a small phone wants back.
    canvas.width = 1;
    canvas.height = 1;
  }
}

/**
 * The real tools: the browser's own decoder, and libheif (heic-to, WebAssembly bundled in the
 * package, nothing fetched at run time) imported only when a HEIC photo is chosen, so its ~3 MB never
 * weigh on the first screens. heic-to decodes in a worker, so the page stays responsive. Its CSP build:
 * the default one compiles code with `new Function` in that worker, which the page's policy forbids.
 */
export const browserPhotoTools: PhotoTools = {
  async convertHeic(file, maxEdge) {
    const { heicTo } = await import('heic-to/csp');
    const bitmap = await heicTo({ blob: file, type: 'bitmap' });
    try {
      return await drawJpeg(bitmap, maxEdge);
    } finally {
      bitmap.close();
    }
  },
  async reencode(image, maxEdge, onlyWhenLarger) {
    const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
    try {
      if (onlyWhenLarger && Math.max(bitmap.width, bitmap.height) <= maxEdge) return null;
      return await drawJpeg(bitmap, maxEdge);
    } finally {
      bitmap.close();
    }
  },
};
