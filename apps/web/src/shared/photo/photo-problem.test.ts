import type { Language } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { apiFailure } from '../../test/render-app';
import { fitWithin } from './browser-photo-tools';
import { formatBytes, problemOfFailure } from './photo-problem';

describe('byte counts for the guest (G9: base 1000)', () => {
  it.each<[number, Language, string]>([
    [10_000_000, 'en-gb', '10 MB'],
    [10_000_000, 'de', '10 MB'],
    [1_500_000, 'en-gb', '1.5 MB'],
    [1_500_000, 'de', '1,5 MB'],
    [1_500_000, 'it', '1,5 MB'],
    [999_999, 'en-gb', '1,000 kB'],
    [1_000, 'en-gb', '1 kB'],
    [2_000_000_000, 'es', '2 GB'],
  ])('%d bytes in %s is %s', (bytes, language, text) => {
    expect(formatBytes(bytes, language).replace(/\u00a0|\u202f/g, ' ')).toBe(text);
  });
});

describe('a refused upload as the guest’s problem (decision 0030)', () => {
  const refusal = (status: number, reason: unknown) =>
    Object.assign(apiFailure(status, 10027), { detail: { reason } });

  it.each(['svg', 'heic', 'notImage', 'unreadable', 'tooManyPixels'])('reason %s', (reason) => {
    expect(problemOfFailure(refusal(415, reason))).toEqual({ ok: false, problem: 'refused', reason });
  });

  it('G5.20 tooLarge is the size rule of the domain', () => {
    expect(problemOfFailure(refusal(413, 'tooLarge'))).toEqual({
      ok: false,
      problem: 'invalid',
      error: { key: 'upload.tooLarge', params: { n: 10_000_000 } },
    });
  });

  it('G8: anything else shows the server message only when it is meant for the guest', () => {
    expect(problemOfFailure(refusal(415, 'somethingNew'))).toEqual({
      ok: false,
      problem: 'other',
      message: null,
    });
    const meant = Object.assign(apiFailure(401, 10029, 'Your session has ended'), { ui: true });
    expect(problemOfFailure(meant)).toEqual({
      ok: false,
      problem: 'other',
      message: 'Your session has ended',
    });
    expect(problemOfFailure(null)).toEqual({ ok: false, problem: 'other', message: null });
  });
});

describe('the size a photo is scaled to', () => {
  it.each([
    [4032, 3024, 2560, { width: 2560, height: 1920 }],
    [3024, 4032, 2560, { width: 1920, height: 2560 }],
    [1200, 800, 2560, { width: 1200, height: 800 }],
    [100_000, 10, 2560, { width: 2560, height: 1 }],
  ])('%d × %d within %d', (width, height, edge, size) => {
    expect(fitWithin(width, height, edge)).toEqual(size);
  });
});
