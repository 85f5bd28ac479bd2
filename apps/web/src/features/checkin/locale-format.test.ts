import { describe, expect, it } from 'vitest';
import { formatDistance, formatMoney } from './locale-format';

// Intl output may use narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers for the guest', () => {
  it.each([
    ['en-gb', 12.5, '£12.50'],
    ['de', 1234.5, '1.234,50 £'],
    ['it', 3, '3,00 £'],
    ['es', 12.5, '12,50 €'],
  ] as const)('money in %s: %d → %s (G9 GBP, euro in Spanish, 2 decimals)', (language, amount, text) => {
    expect(plain(formatMoney(amount, language))).toBe(text);
  });

  it.each([
    ['en-gb', 1609.344, '1 mi'],
    ['en-gb', 2500, '1.6 mi'],
    ['en-gb', 262_000, '163 mi'],
    ['de', 1900, '1,9 km'],
    ['it', 350, '0,4 km'],
    ['es', 25_400, '25 km'],
  ] as const)('distance in %s: %d m → %s', (language, metres, text) => {
    expect(plain(formatDistance(metres, language))).toBe(text);
  });
});
