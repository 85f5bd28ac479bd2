import { AVIF_BRANDS, HEIC_BRANDS } from '@venue-voice/domain';

/**
 * What the first bytes of a chosen file say it is, whatever its name or declared type: phones hand
 * HEIC photos over as `image/heic`, `application/octet-stream` or with no type at all, and a `.jpg`
 * can be anything. The server checks the same way (apps/server/src/services/images/detect.ts).
 */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif' | 'svg' | 'other';

/** How many leading bytes `photoTypeOf` needs. */
export const PHOTO_SNIFF_BYTES = 512;

// ISO base media (ftyp) brands. AVIF is HEIF with AV1 inside: the browser decodes it itself, while
// HEVC-coded HEIC needs libheif. Both are refused by the server, so both are converted here.
const AVIF = new Set(AVIF_BRANDS);
const HEIC = new Set(HEIC_BRANDS);

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** The brands of an ftyp box: the major brand and the compatible ones (the minor version skipped). */
function ftypBrands(bytes: Uint8Array): string[] {
  const declared =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(Math.max(declared, 12), bytes.length);
  const brands: string[] = [];
  for (let at = 8; at + 4 <= end; at += 4) if (at !== 12) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** The file's type by magic bytes (give it at least PHOTO_SNIFF_BYTES, or the whole file if shorter). */
export function photoTypeOf(bytes: Uint8Array): PhotoType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brands = ftypBrands(bytes);
    // An AVIF also lists mif1, so AV1 is looked for first.
    if (brands.some((brand) => AVIF.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC.has(brand))) return 'heic';
    return 'other';
  }
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<!doctype svg')) return 'svg';
  if (head.startsWith('<?xml') && head.includes('<svg')) return 'svg';
  return 'other';
}

/** Reads the first bytes of a file and tells its type. */
export async function sniffPhoto(file: Blob): Promise<PhotoType> {
  return photoTypeOf(new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer()));
}
