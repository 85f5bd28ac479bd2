/** Files whose first bytes say what they are, for the photo tests (the rest is zeros). */
const withHead = (head: readonly number[], size: number) => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const box = (size: number) => [0, 0, 0, size];

/** An ISO base media file's head: an ftyp box of `major`, version 0, then the compatible brands. */
export const ftypHead = (major: string, ...compatible: string[]) => [
  ...box(16 + 4 * compatible.length),
  ...ascii('ftyp'),
  ...ascii(major),
  0,
  0,
  0,
  0,
  ...compatible.flatMap(ascii),
];

export const HEADS = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  gif: ascii('GIF89a'),
  webp: [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')],
  heic: ftypHead('heic', 'mif1', 'heic'),
  svg: ascii('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
} as const;

/** A file of `size` bytes starting with a format's magic bytes. */
export const fileOf = (head: readonly number[], size: number, name = 'photo.jpg', type = 'image/jpeg') =>
  new File([withHead(head, size)], name, { type });
