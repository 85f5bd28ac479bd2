import { PHOTO_MAX_BYTES } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_EDGE, type PhotoTools, preparePhoto, SHRINK_FROM_BYTES } from './prepare-photo';
import { fileOf, ftypHead, HEADS } from './test-files';

const jpeg = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });

let tools: { convertHeic: ReturnType<typeof vi.fn>; reencode: ReturnType<typeof vi.fn> } & PhotoTools;

beforeEach(() => {
  const convertHeic = vi.fn(async () => jpeg(1_000));
  const reencode = vi.fn(async (): Promise<Blob | null> => null);
  tools = { convertHeic, reencode } as typeof tools;
});

describe('preparing the chosen photo', () => {
  it('G5.20 a file of the limit or more is refused before any work', async () => {
    for (const size of [PHOTO_MAX_BYTES, PHOTO_MAX_BYTES + 1]) {
      expect(await preparePhoto(fileOf(HEADS.heic, size), tools)).toEqual({
        ok: false,
        problem: 'invalid',
        error: { key: 'upload.tooLarge', params: { n: PHOTO_MAX_BYTES } },
      });
    }
    expect(tools.convertHeic).not.toHaveBeenCalled();
  });

  it.each([
    ['jpeg', HEADS.jpeg, 'photo.jpg'],
    ['png', HEADS.png, 'photo.png'],
    ['webp', HEADS.webp, 'photo.webp'],
    ['gif', HEADS.gif, 'photo.gif'],
  ] as const)(
    'a small %s goes as chosen, under a name that is not the guest’s',
    async (_type, head, name) => {
      const file = fileOf(head, 5_000, 'IMG_20250614_Home.jpg');
      expect(await preparePhoto(file, tools)).toEqual({ ok: true, blob: file, fileName: name });
      expect(tools.reencode).not.toHaveBeenCalled();
    },
  );

  it('a large photo is scaled in the browser to the edge the server keeps', async () => {
    const smaller = jpeg(400_000);
    tools.reencode.mockResolvedValueOnce(smaller);
    const file = fileOf(HEADS.png, SHRINK_FROM_BYTES, 'big.png', 'image/png');
    expect(await preparePhoto(file, tools)).toEqual({ ok: true, blob: smaller, fileName: 'photo.jpg' });
    expect(tools.reencode).toHaveBeenCalledWith(file, PHOTO_MAX_EDGE, true);
  });

  it('a large photo that already fits, or that the browser cannot decode, goes as chosen', async () => {
    const file = fileOf(HEADS.jpeg, 3_000_000);
    expect(await preparePhoto(file, tools)).toMatchObject({ ok: true, blob: file });
    tools.reencode.mockRejectedValueOnce(new Error('out of memory'));
    expect(await preparePhoto(file, tools)).toMatchObject({ ok: true, blob: file });
  });

  it('a GIF is never re-encoded (the server keeps its first frame)', async () => {
    const file = fileOf(HEADS.gif, 4_000_000, 'a.gif', 'image/gif');
    expect(await preparePhoto(file, tools)).toMatchObject({ ok: true, blob: file, fileName: 'photo.gif' });
    expect(tools.reencode).not.toHaveBeenCalled();
  });

  it('HEIC found by its bytes becomes the converter’s JPEG; a failed conversion is refused as heic', async () => {
    const file = fileOf(HEADS.heic, 2_000_000, 'IMG_0001.jpg');
    const converted = await preparePhoto(file, tools);
    expect(converted).toMatchObject({ ok: true, fileName: 'photo.jpg' });
    expect(tools.convertHeic).toHaveBeenCalledWith(file, PHOTO_MAX_EDGE);
    tools.convertHeic.mockRejectedValueOnce(new Error('HEIF image not found'));
    expect(await preparePhoto(file, tools)).toEqual({ ok: false, problem: 'refused', reason: 'heic' });
  });

  it('AVIF and other formats the browser can draw go as JPEG; what it cannot is refused', async () => {
    const drawn = jpeg(9_000);
    tools.reencode.mockResolvedValueOnce(drawn);
    const avif = fileOf(ftypHead('avif', 'mif1'), 3_000, 'a.avif', 'image/avif');
    expect(await preparePhoto(avif, tools)).toEqual({ ok: true, blob: drawn, fileName: 'photo.jpg' });
    expect(tools.reencode).toHaveBeenCalledWith(avif, PHOTO_MAX_EDGE, false);

    tools.reencode.mockRejectedValue(new Error('undecodable'));
    expect(await preparePhoto(avif, tools)).toEqual({ ok: false, problem: 'refused', reason: 'heic' });
    const text = new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' });
    expect(await preparePhoto(text, tools)).toEqual({ ok: false, problem: 'refused', reason: 'notImage' });
  });

  it('an SVG is refused without decoding it', async () => {
    expect(await preparePhoto(fileOf(HEADS.svg, 200, 'logo.jpg'), tools)).toEqual({
      ok: false,
      problem: 'refused',
      reason: 'svg',
    });
    expect(tools.reencode).not.toHaveBeenCalled();
  });

  it('G5.20 a conversion that ends at the limit or more is refused too', async () => {
    tools.convertHeic.mockResolvedValueOnce(jpeg(PHOTO_MAX_BYTES));
    expect(await preparePhoto(fileOf(HEADS.heic, 5_000_000), tools)).toMatchObject({
      ok: false,
      problem: 'invalid',
    });
  });
});
