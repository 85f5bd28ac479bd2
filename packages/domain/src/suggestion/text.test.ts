import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fill, joinList } from './phrases';
import {
  capText,
  cleanName,
  cleanQuote,
  cleanText,
  hashText,
  SUGGESTION_NAME_MAX,
  SUGGESTION_QUOTE_MAX,
} from './text';

describe('suggestion text cleaning', () => {
  it('G7.12 control characters and bidi overrides are removed, white space collapsed', () => {
    expect(cleanText('  Great\tfood\r\nand\u0000 wine\u202e!\u2066 ')).toBe('Great food and wine!');
    expect(cleanText('\u0007\u001b[31m')).toBe('[31m');
    // Emoji sequences (zero-width joiners) are the guest's words and stay.
    expect(cleanText('👨‍👩‍👧 yum')).toBe('👨‍👩‍👧 yum');
  });

  it('G7.12 cleaned text has no control character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        const clean = cleanText(raw);
        expect(clean).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
        expect(clean).toBe(clean.trim());
      }),
    );
  });

  it('G7.13 names and quotes are capped, at a word where one is near, with an ellipsis', () => {
    expect(capText('short', 10)).toBe('short');
    expect(capText('one two three four five', 12)).toBe('one two…');
    expect(capText('abcdefghijklmnop', 6)).toBe('abcde…');
    expect(Array.from(cleanName('n'.repeat(500))).length).toBe(SUGGESTION_NAME_MAX);
    expect(Array.from(cleanQuote('word '.repeat(500))).length).toBeLessThanOrEqual(SUGGESTION_QUOTE_MAX);
    // Characters outside the basic plane count once and are never cut in half.
    expect(capText('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
  });

  it('G7.13 a capped text never exceeds its limit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 2, max: 300 }),
        (text, max) => {
          expect(Array.from(capText(text, max)).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('G7.17 slots are filled once: a value holding a slot name stays as it is', () => {
    expect(fill('About {name}: {quote}', { name: '{quote}', quote: 'x' })).toBe('About {quote}: x');
    expect(fill('{missing}', {})).toBe('{missing}');
  });

  it('G7.9 lists join with the language’s “and”', () => {
    expect(joinList([], 'and')).toBe('');
    expect(joinList(['a'], 'and')).toBe('a');
    expect(joinList(['a', 'b', 'c'], 'und')).toBe('a, b und c');
  });

  it('G7.14 the phrasing seed is stable', () => {
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).not.toBe(hashText('abd'));
  });
});
