import { AppError, PHOTO_MAX_BYTES } from '@venue-voice/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, MAX_EDGE, processPhoto, THUMBNAIL_EDGE } from '../src/services/images';
import * as corpus from './fixtures/images/generate';

const rejection = async (bytes: Buffer) => {
  const error = await processPhoto(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(10027);
  return appError;
};

describe('image pipeline', () => {
  it('the fixture really carries GPS and an orientation (else the stripping test proves nothing)', async () => {
    const meta = await sharp(await corpus.jpegWithGps()).metadata();
    expect(meta.orientation).toBe(6);
    const gps = corpus.exifGps(meta.exif);
    expect(gps?.has(2)).toBe(true); // GPSLatitude
    expect(gps?.has(4)).toBe(true); // GPSLongitude
  });

  it('re-encodes a JPEG with GPS: upright by EXIF, and no EXIF, GPS, XMP, IPTC or ICC left', async () => {
    const result = await processPhoto(await corpus.jpegWithGps());
    // 64×48 with orientation 6 is a portrait photo once turned.
    expect(result.image).toMatchObject({ width: 48, height: 64 });
    for (const stored of [result.image.bytes, result.thumbnail.bytes]) {
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(corpus.exifGps(meta.exif)).toBeNull();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('FixtureCam')).toBe(false);
    }
  });

  it.each([
    ['PNG', corpus.pngWithAlpha, 'png'],
    ['WebP', corpus.webp, 'webp'],
    ['GIF', corpus.gif, 'gif'],
  ] as const)('accepts a %s and stores a JPEG', async (_, make, type) => {
    const bytes = await make();
    expect(detectImageType(bytes)).toBe(type);
    const result = await processPhoto(bytes);
    expect(result.source).toBe(type);
    expect((await sharp(result.image.bytes).metadata()).format).toBe('jpeg');
  });

  it('flattens transparency onto white', async () => {
    const result = await processPhoto(await corpus.pngWithAlpha());
    const { data } = await sharp(result.image.bytes)
      .extract({ left: 35, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data].every((v) => v > 240)).toBe(true);
  });

  it('scales a large photo to fit MAX_EDGE and the thumbnail to fit THUMBNAIL_EDGE', async () => {
    const result = await processPhoto(await corpus.jpeg(4000, 3000));
    expect(result.image).toMatchObject({ width: MAX_EDGE, height: 1920 });
    expect(result.thumbnail).toMatchObject({ width: THUMBNAIL_EDGE, height: 240 });
  });

  it('never enlarges a small photo', async () => {
    const result = await processPhoto(await corpus.jpeg(64, 48));
    expect(result.image).toMatchObject({ width: 64, height: 48 });
    expect(result.thumbnail).toMatchObject({ width: 64, height: 48 });
  });

  it('accepts a valid JPEG just under the byte limit (G5.20: under 10,000,000 is fine)', async () => {
    const result = await processPhoto(await corpus.jpegOfSize(PHOTO_MAX_BYTES - 1));
    expect(result.image.width).toBe(32);
  });

  it.each([
    ['SVG', corpus.svg, 415, 'svg', /SVG/],
    ['HTML', corpus.html, 415, 'notImage', /not an image/],
    ['HEIC', corpus.heic, 415, 'heic', /HEIC\/HEIF .*convert/],
    [
      'a pixel flood (30000×30000 in a 70-byte PNG)',
      () => corpus.pngPixelFlood(),
      413,
      'tooManyPixels',
      /too many pixels/,
    ],
    ['a real PNG of 40.96 megapixels', corpus.pngOverPixelLimit, 413, 'tooManyPixels', /too many pixels/],
    [
      'a truncated JPEG',
      async () => (await corpus.jpeg(200, 200)).subarray(0, 300),
      415,
      'unreadable',
      /could not be read/,
    ],
    [
      'JPEG magic followed by junk',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 1)]),
      415,
      'unreadable',
      /could not be read/,
    ],
    ['an empty file', async () => Buffer.alloc(0), 415, 'notImage', /not an image/],
  ])('refuses %s with 10027', async (_, make, status, reason, message) => {
    const error = await rejection(await make());
    expect(error.status).toBe(status);
    expect(error.detail?.reason).toBe(reason);
    expect(error.message).toMatch(message);
  });

  it('the pixel flood is refused with the size its header claims', async () => {
    const error = await rejection(await corpus.pngPixelFlood(30_000, 30_000));
    expect(error.detail).toMatchObject({ width: 30_000, height: 30_000, limit: 40_000_000 });
  });

  it.each([
    [
      'an SVG behind a byte-order mark and blank lines',
      `\uFEFF\n\n  <svg xmlns="http://www.w3.org/2000/svg"/>`,
      'svg',
    ],
    ['an SVG with a doctype', '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"><svg/>', 'svg'],
    ['plain text', 'hello', 'unknown'],
    ['an AVIF (HEIF family)', '\0\0\0\x1cftypavif\0\0\0\0avifmif1', 'heic'],
    ['an MP4', '\0\0\0\x18ftypisom\0\0\0\0isomiso2', 'unknown'],
  ])('detects %s', (_, content, type) => {
    expect(detectImageType(Buffer.from(content, 'utf8'))).toBe(type);
  });
});
