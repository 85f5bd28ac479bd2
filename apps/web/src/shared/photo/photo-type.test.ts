import { describe, expect, it } from 'vitest';
import { type PhotoType, photoTypeOf, sniffPhoto } from './photo-type';
import { fileOf, ftypHead, HEADS } from './test-files';

const bytes = (head: readonly number[]) => new Uint8Array(head);
const text = (value: string) => new TextEncoder().encode(value);

describe('photo type by magic bytes', () => {
  it.each<[string, Uint8Array, PhotoType]>([
    ['JPEG', bytes(HEADS.jpeg), 'jpeg'],
    ['PNG', bytes(HEADS.png), 'png'],
    ['GIF', bytes(HEADS.gif), 'gif'],
    ['WebP', bytes(HEADS.webp), 'webp'],
    ['HEIC (major brand heic)', bytes(ftypHead('heic', 'mif1', 'heic')), 'heic'],
    ['HEIF (major brand mif1)', bytes(ftypHead('mif1', 'heic')), 'heic'],
    ['HEIC sequence (msf1, hevc)', bytes(ftypHead('msf1', 'hevc')), 'heic'],
    ['HEIC named only by a compatible brand', bytes(ftypHead('isom', 'heix')), 'heic'],
    ['AVIF (lists mif1 too)', bytes(ftypHead('avif', 'mif1', 'miaf')), 'avif'],
    ['MP4 video', bytes(ftypHead('isom', 'iso2', 'mp41')), 'other'],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    ['SVG after an XML declaration and a BOM', text('\uFEFF  <?xml version="1.0"?><svg/>'), 'svg'],
    ['SVG doctype', text('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">'), 'svg'],
    ['HTML', text('<!doctype html><html></html>'), 'other'],
    ['empty', new Uint8Array(0), 'other'],
    ['a lone JPEG marker', bytes([0xff, 0xd8]), 'other'],
  ])('%s', (_name, head, type) => {
    expect(photoTypeOf(head)).toBe(type);
  });

  it('an ftyp box that claims more than was read stops at the bytes given', () => {
    const head = ftypHead('isom', 'heic');
    head[3] = 200;
    expect(photoTypeOf(bytes(head))).toBe('heic');
  });

  it('reads the bytes of a file, not its name or declared type', async () => {
    expect(await sniffPhoto(fileOf(HEADS.heic, 4_000, 'IMG_0001.jpg', 'image/jpeg'))).toBe('heic');
    expect(await sniffPhoto(fileOf(HEADS.png, 100, 'scan.heic', 'image/heic'))).toBe('png');
  });
});
