import type { Random } from '@venue-voice/domain';

// Drawing by weight from one seeded stream: what the synthetic history (decision 0236) is made of.

export type Mood = 'promoter' | 'passive' | 'detractor';
export type Weighted<T> = readonly (readonly [T, number])[];

export const DAY_MS = 86_400_000;

/** Cumulative weights of a list, for pick(). */
export const cumulative = (weights: readonly number[]) => {
  let total = 0;
  return weights.map((w) => {
    total += w;
    return total;
  });
};

/** One of `items` by its weight (`cum` from cumulative over the weights). */
export function pickIndex(random: Random, cum: readonly number[]): number {
  const target = random() * (cum[cum.length - 1] as number);
  let low = 0;
  let high = cum.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cum[mid] as number) > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

export const picker = <T>(table: Weighted<T>) => {
  const cum = cumulative(table.map(([, w]) => w));
  return (random: Random): T => (table[pickIndex(random, cum)] as readonly [T, number])[0];
};
export const one = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
/** `n` distinct items, in the list's order. */
export const some = <T>(random: Random, items: readonly T[], n: number): T[] => {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
};

export const answer = (random: Random, chance: number) => random() < chance;
