import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it('always answers a number in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = seededRandom(seed);
        for (let i = 0; i < 50; i++) {
          const value = random();
          if (!(value >= 0 && value < 1)) return false;
        }
        return true;
      }),
    );
  });
});
