import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ShareItem, type ShareItemType, shareWeight, sharingSummary } from './sharing-summary';

const item = (type: ShareItemType, text?: string): ShareItem =>
  text === undefined ? { type } : { type, text };
const types = (items: ShareItem[]) => items.map((i) => i.type);
const allTypes: ShareItemType[] = [
  'rating',
  'emoji',
  'service',
  'avatar',
  'grade',
  'comments',
  'indicators',
  'staff',
];

describe('sharing summary', () => {
  it.each([
    ['rating', 50],
    ['emoji', 50],
    ['service', 50],
    ['avatar', 50],
    ['grade', 50],
    ['indicators', 90],
    ['staff', 95],
    ['comments', 100],
  ] as const)('G4.63 %s weighs %i (comments: the later, specific 100)', (type, weight) => {
    expect(shareWeight(type)).toBe(weight);
  });

  it('G4.64 heaviest first, equal weights in their order, at most 5', () => {
    const items = [
      item('rating', 'r'),
      item('emoji'),
      item('staff', 'Sam'),
      item('grade'),
      item('comments', 'Lovely'),
      item('indicators'),
      item('avatar'),
    ];
    expect(types(sharingSummary(items))).toEqual(['comments', 'staff', 'indicators', 'rating', 'emoji']);
  });

  it('G4.65 compact shows at most 4, drops comments and removes text', () => {
    const items = [
      item('rating', 'r'),
      item('emoji'),
      item('staff', 'Sam'),
      item('grade'),
      item('comments', 'Lovely'),
      item('indicators'),
    ];
    const compact = sharingSummary(items, true);
    expect(types(compact)).toEqual(['staff', 'indicators', 'rating', 'emoji']);
    expect(compact.every((i) => i.text === undefined)).toBe(true);
    expect(items[0]?.text).toBe('r');
  });

  it('G4.64 G4.65 law: never more than the limit, only given items, weights never rise along the list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...allTypes).map((t) => item(t, 'x'))),
        fc.boolean(),
        (items, compact) => {
          const shown = sharingSummary(items, compact);
          expect(shown.length).toBeLessThanOrEqual(compact ? 4 : 5);
          const available = compact ? items.filter((i) => i.type !== 'comments') : items;
          expect(shown.length).toBe(Math.min(available.length, compact ? 4 : 5));
          for (let i = 1; i < shown.length; i += 1) {
            expect(shareWeight((shown[i] as ShareItem).type)).toBeLessThanOrEqual(
              shareWeight((shown[i - 1] as ShareItem).type),
            );
          }
        },
      ),
    );
  });
});
