/**
 * Issue 9's upload corpus through survey.upload.upsert: every hostile or odd file is either refused
 * (10027, nothing stored) or re-encoded to a fresh JPEG; afterwards no stored file holds a GPS tag, EXIF,
 * XMP or the input's own bytes. The files are made here with sharp (no committed binaries). HEIC is
 * refused by design: the tablet and the guest's browser convert it to JPEG first (architecture.md
 * "Photos", decision 0066), because the server's image library has no HEVC decoder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES } from '@venue-voice/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../databases';
import * as corpus from '../fixtures/images/generate';
import { photoParts, startUploadHarness, type UploadHarness } from '../upload-helpers';

const GPS_EXIF = {
  IFD0: { Make: 'FixtureCam', Model: 'GPS 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 3600/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 3960/100',
  },
};
const GPS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.6N" ' +
  'exif:GPSLongitude="0,7.66W"/></rdf:RDF></x:xmpmeta>';
const solid = () => sharp({ create: { width: 48, height: 32, channels: 3, background: '#3060c0' } });

type Case = {
  name: string;
  make: () => Promise<Buffer> | Buffer;
  filename: string;
  type: string;
  gps?: boolean;
};

const CASES: Case[] = [
  { name: 'SVG with a script', make: corpus.svg, filename: 'logo.svg', type: 'image/svg+xml' },
  { name: 'SVG renamed .jpg', make: corpus.svg, filename: 'photo.jpg', type: 'image/jpeg' },
  { name: 'HTML renamed .jpg', make: corpus.html, filename: 'photo.jpg', type: 'image/jpeg' },
  {
    name: 'pixel flood: a 20000×20000 PNG of under 100 bytes',
    make: () => corpus.pngPixelFlood(20_000, 20_000),
    filename: 'flood.png',
    type: 'image/png',
  },
  {
    name: '10,000,000 + 1 bytes',
    make: () => corpus.jpegOfSize(PHOTO_MAX_BYTES + 1),
    filename: 'big.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'HEIC (refused by design: the device converts it to JPEG first)',
    make: corpus.heic,
    filename: 'IMG_0001.HEIC',
    type: 'image/heic',
  },
  {
    name: 'AVIF, a real HEIF file with GPS EXIF (sharp)',
    make: () => solid().avif().withExif(GPS_EXIF).toBuffer(),
    filename: 'IMG_0002.avif',
    type: 'image/avif',
  },
  {
    name: 'TIFF with GPS EXIF',
    make: () => solid().tiff().withExif(GPS_EXIF).toBuffer(),
    filename: 'scan.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'JPEG with GPS EXIF',
    make: corpus.jpegWithGps,
    filename: 'IMG_0003.jpg',
    type: 'image/jpeg',
    gps: true,
  },
  {
    name: 'PNG with GPS EXIF (eXIf chunk)',
    make: () => solid().png().withExif(GPS_EXIF).toBuffer(),
    filename: 'shot.png',
    type: 'image/png',
    gps: true,
  },
  {
    name: 'WebP with GPS EXIF',
    make: () => solid().webp().withExif(GPS_EXIF).toBuffer(),
    filename: 'shot.webp',
    type: 'image/webp',
    gps: true,
  },
  {
    name: 'JPEG with GPS in XMP',
    make: () => solid().jpeg().withXmp(GPS_XMP).toBuffer(),
    filename: 'xmp.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'JPEG with an HTML tail (polyglot)',
    make: async () => Buffer.concat([await corpus.jpeg(), Buffer.from(await corpus.html())]),
    filename: 'poly.jpg',
    type: 'image/jpeg',
  },
];

/** What the stored copy must never contain: metadata, a script, or the camera's name. */
async function assertClean(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(corpus.exifGps(meta.exif)).toBeNull();
  for (const needle of ['GPS', 'FixtureCam', '<script', 'xmpmeta'])
    expect(bytes.includes(needle)).toBe(false);
}

describe.each(databases())('upload corpus on $name', (target) => {
  let h: UploadHarness;
  const outcomes: Record<string, 'refused' | 're-encoded'> = {};
  beforeAll(async () => {
    h = await startUploadHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the GPS fixtures really carry GPS (else the stripping proves nothing)', async () => {
    for (const c of CASES.filter((c) => c.gps)) {
      const exif = (await sharp(await c.make()).metadata()).exif;
      expect(corpus.exifGps(exif)?.size, c.name).toBeGreaterThan(0);
    }
  });

  it.each(CASES)('$name is refused (10027, nothing stored) or re-encoded clean', async (c) => {
    const input = Buffer.from(await c.make());
    const response = await h.newResponse();
    const r = await h.upsert(response, photoParts(input, c.filename, c.type));
    if (r.status === 200) {
      outcomes[c.name] = 're-encoded';
      const files = await h.files(response.id);
      expect(files).toHaveLength(2);
      for (const file of files) {
        const stored = await readFile(join(h.dir, 'photos', String(response.id), file));
        expect(stored.equals(input)).toBe(false);
        await assertClean(stored);
      }
    } else {
      outcomes[c.name] = 'refused';
      expect([413, 415]).toContain(r.status);
      expect(r.body.error.code).toBe(10027);
      expect(await h.files(response.id)).toEqual([]);
    }
  });

  it('100% refused or re-encoded, as designed; no stored file anywhere holds GPS or EXIF', async () => {
    expect(Object.keys(outcomes)).toHaveLength(CASES.length);
    const reEncoded = CASES.filter((c) => outcomes[c.name] === 're-encoded').map((c) => c.name);
    // Only the raster formats the server decodes are kept; everything else is refused.
    expect(reEncoded).toEqual([
      'JPEG with GPS EXIF',
      'PNG with GPS EXIF (eXIf chunk)',
      'WebP with GPS EXIF',
      'JPEG with GPS in XMP',
      'JPEG with an HTML tail (polyglot)',
    ]);
    const folders = await readdir(join(h.dir, 'photos'));
    let files = 0;
    for (const folder of folders) {
      for (const file of await readdir(join(h.dir, 'photos', folder))) {
        if (file.startsWith('.')) continue;
        files += 1;
        await assertClean(await readFile(join(h.dir, 'photos', folder, file)));
      }
    }
    expect(files).toBe(reEncoded.length * 2);
  });
});
