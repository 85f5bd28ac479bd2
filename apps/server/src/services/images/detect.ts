import { AVIF_BRANDS, HEIC_BRANDS } from '@venue-voice/domain';

/** What the first bytes of an upload say it is. Only the four raster formats are ever decoded. */
export type DetectedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'svg' | 'unknown';

export const ACCEPTED_TYPES = ['jpeg', 'png', 'webp', 'gif'] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** How many leading bytes `detectImageType` needs to decide. */
export const SNIFF_BYTES = 512;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

// ISO base media (ftyp) brands of HEIF/HEIC stills and sequences (AVIF is HEIF too, and refused alike).
const HEIF_BRANDS = new Set([...HEIC_BRANDS, ...AVIF_BRANDS]);

/**
 * The type by magic bytes, whatever the file is called or declared as. SVG and HEIC are told apart
 * from "unknown" only so the refusal can say why.
 */
export function detectImageType(bytes: Uint8Array): DetectedType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize =
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(Math.max(boxSize, 12), 64, bytes.length);
    for (let at = 8; at + 4 <= end; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      if (HEIF_BRANDS.has(ascii(bytes, at, at + 4))) return 'heic';
    }
    return 'unknown';
  }
  // Text formats: skip a byte-order mark and leading white space, then look for an SVG root.
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, SNIFF_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  if (head.startsWith('<!doctype svg')) return 'svg';
  return 'unknown';
}

export const isAccepted = (type: DetectedType): type is AcceptedType =>
  (ACCEPTED_TYPES as readonly string[]).includes(type);
