import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitTitleFontPx } from './title-font';

describe('title font', () => {
  it.each([
    [24, 300, 400, 24],
    [24, 400, 400, 24],
    [24, 800, 400, 12],
    [24, 600, 400, 16],
    [24, 500, 400, 19],
    [24, 2000, 400, 12],
    [10, 2000, 400, 10],
    [12, 2000, 400, 12],
    [24, 600, 0, 12],
  ])('G4.78 font %ipx, text %ipx wide in a %ipx box: %ipx', (fontPx, textWidthPx, boxWidthPx, fitted) => {
    expect(fitTitleFontPx({ fontPx, textWidthPx, boxWidthPx })).toBe(fitted);
  });

  it.each([
    [0, 10, 10],
    [Number.NaN, 10, 10],
    [12, -1, 10],
    [12, 10, Number.NaN],
  ])('G4.78 sizes %s, %s, %s are refused', (fontPx, textWidthPx, boxWidthPx) => {
    expect(() => fitTitleFontPx({ fontPx, textWidthPx, boxWidthPx })).toThrow(RangeError);
  });

  it('G4.78 law: never larger than given, never under 12px (unless given smaller), and it fits when above 12px', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 2000 }),
        (fontPx, textWidthPx, boxWidthPx) => {
          const fitted = fitTitleFontPx({ fontPx, textWidthPx, boxWidthPx });
          expect(fitted).toBeLessThanOrEqual(fontPx);
          expect(fitted).toBeGreaterThanOrEqual(Math.min(12, fontPx));
          if (fitted > 12 || textWidthPx <= boxWidthPx) {
            expect((fitted * textWidthPx) / fontPx).toBeLessThanOrEqual(boxWidthPx + 1e-9);
          }
        },
      ),
    );
  });
});
