import { SHARE_SUMMARY_COMPACT_ITEMS, SHARE_SUMMARY_MAX_ITEMS, SHARE_WEIGHTS } from '../constants';

/** The kinds of item a sharing summary can hold (G9). */
export type ShareItemType = keyof typeof SHARE_WEIGHTS;
/** An item of the sharing summary; `text` is the written part compact mode leaves out. */
export type ShareItem = { type: ShareItemType; text?: string };

/**
 * G4.63: an item's weight. G9 names comments twice ("… comments default 50; … comments 100"); the later,
 * specific value wins, as a repeated key does in a configuration object, so comments weigh 100.
 */
export const shareWeight = (type: ShareItemType): number => SHARE_WEIGHTS[type];

/**
 * G4.64, G4.65: the items shown: heaviest first (equal weights keep their order), at most 5. Compact
 * mode shows at most 4, without their text; comments items are only text, so compact mode drops them.
 */
export function sharingSummary<T extends ShareItem>(items: readonly T[], compact = false): T[] {
  const candidates = compact ? items.filter((item) => item.type !== 'comments') : items;
  const ordered = candidates
    .map((item, index) => ({ item, index }))
    .sort((a, b) => shareWeight(b.item.type) - shareWeight(a.item.type) || a.index - b.index)
    .slice(0, compact ? SHARE_SUMMARY_COMPACT_ITEMS : SHARE_SUMMARY_MAX_ITEMS)
    .map(({ item }) => item);
  if (!compact) return ordered;
  return ordered.map(({ text: _text, ...rest }) => rest as T);
}
