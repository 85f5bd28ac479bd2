import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialSliderValue, type SliderColour, sliderColour } from './slider';

describe('slider', () => {
  it('G4.68 the slider starts with no value and no colour', () => {
    expect(initialSliderValue()).toBeNull();
    expect(sliderColour(initialSliderValue())).toBe('none');
  });

  it.each([
    [0, 'red'],
    [6, 'red'],
    [6.99, 'red'],
    [7, 'yellow'],
    [8, 'yellow'],
    [8.99, 'yellow'],
    [9, 'green'],
    [10, 'green'],
  ] as const)('G4.69 %s on the 0-10 slider is %s', (value, colour) => {
    expect(sliderColour(value)).toBe(colour);
  });

  it.each([
    [69, 0, 100, 'red'],
    [70, 0, 100, 'yellow'],
    [90, 0, 100, 'green'],
    [3.79, 1, 5, 'red'],
    [3.8, 1, 5, 'yellow'],
    [4.59, 1, 5, 'yellow'],
    [4.6, 1, 5, 'green'],
  ] as const)('G4.69 %s on a %s-%s range is %s', (value, min, max, colour) => {
    expect(sliderColour(value, min, max)).toBe(colour);
  });

  it.each([
    [11, 0, 10],
    [-1, 0, 10],
    [Number.NaN, 0, 10],
    [5, 10, 10],
  ])('G4.69 value %s on %s-%s is refused', (value, min, max) => {
    expect(() => sliderColour(value, min, max)).toThrow(RangeError);
  });

  it('G4.69 law: colours never step back as the value rises', () => {
    const rank: Record<SliderColour, number> = { none: -1, red: 0, yellow: 1, green: 2 };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(rank[sliderColour(low)]).toBeLessThanOrEqual(rank[sliderColour(high)]);
        },
      ),
    );
  });
});
