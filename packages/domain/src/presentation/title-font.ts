import { TITLE_FONT_MIN_PX } from '../constants';

/** The title's font size and the widths the browser measured at that size (px). */
export type TitleSizes = { fontPx: number; textWidthPx: number; boxWidthPx: number };

/**
 * G4.78: the font size that fits the title on its line: text width grows with font size, so the size
 * shrinks by the ratio of box to text width, rounded down to whole pixels so it surely fits, but
 * never below `TITLE_FONT_MIN_PX` (12; the title may then overflow or wrap) and never above the
 * starting size. A starting size already under 12 is kept: the rule only shrinks.
 */
export function fitTitleFontPx({ fontPx, textWidthPx, boxWidthPx }: TitleSizes): number {
  if (!(fontPx > 0) || !(textWidthPx >= 0) || !(boxWidthPx >= 0)) {
    throw new RangeError('Title sizes must be finite, with a positive font size');
  }
  if (textWidthPx <= boxWidthPx) return fontPx;
  if (fontPx <= TITLE_FONT_MIN_PX) return fontPx;
  const fitted = Math.floor((fontPx * boxWidthPx) / textWidthPx);
  return Math.max(TITLE_FONT_MIN_PX, fitted);
}
