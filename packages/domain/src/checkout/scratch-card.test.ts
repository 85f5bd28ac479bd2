import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isScratchRevealed, newScratchCard, scratchAt, scratchCardRevealed } from './scratch-card';

describe('scratch card', () => {
  it('G4.62 the default card is 480 by 240, a 48 by 24 grid, unscratched', () => {
    const card = newScratchCard();
    expect([card.width, card.height, card.columns, card.rows]).toEqual([480, 240, 48, 24]);
    expect(card.scratchedCount).toBe(0);
    expect(scratchCardRevealed(card)).toBe(false);
  });

  it.each([
    [0, 100, false],
    [49, 100, false],
    [50, 100, true],
    [575, 1152, false],
    [576, 1152, true],
    [100, 100, true],
    [0, 0, true],
  ])('G4.62 %i of %i cells scratched: revealed %s', (scratched, total, revealed) => {
    expect(isScratchRevealed(scratched, total)).toBe(revealed);
  });

  it.each([0, -1, Number.NaN])('G4.62 a card of size %s is refused', (size) => {
    expect(() => newScratchCard(size, 240)).toThrow(RangeError);
  });

  it('G4.62 scratching marks the cells under the brush once; scratching them again changes nothing', () => {
    const card = scratchAt(newScratchCard(), 5, 5, 1);
    expect(card.scratchedCount).toBe(1);
    expect(card.scratched[0]).toBe(true);
    expect(scratchAt(card, 5, 5, 1)).toBe(card);
    const wide = scratchAt(card, 240, 120, 30);
    expect(wide.scratchedCount).toBeGreaterThan(20);
    expect(wide.scratched.filter(Boolean)).toHaveLength(wide.scratchedCount);
  });

  it('G4.62 scratching the whole top half reveals the card', () => {
    let card = newScratchCard();
    for (let y = 5; y < 120; y += 10) for (let x = 5; x < 480; x += 10) card = scratchAt(card, x, y, 1);
    expect(card.scratchedCount).toBe(576);
    expect(scratchCardRevealed(card)).toBe(true);
  });

  it('G4.62 law: the scratched count never falls and matches the marked cells', () => {
    const stroke = fc.tuple(
      fc.integer({ min: -20, max: 500 }),
      fc.integer({ min: -20, max: 260 }),
      fc.integer({ min: 0, max: 40 }),
    );
    fc.assert(
      fc.property(fc.array(stroke, { maxLength: 30 }), (strokes) => {
        let card = newScratchCard();
        for (const [x, y, radius] of strokes) {
          const next = scratchAt(card, x, y, radius);
          expect(next.scratchedCount).toBeGreaterThanOrEqual(card.scratchedCount);
          card = next;
        }
        expect(card.scratched.filter(Boolean)).toHaveLength(card.scratchedCount);
        expect(card.scratched).toHaveLength(48 * 24);
      }),
    );
  });
});
