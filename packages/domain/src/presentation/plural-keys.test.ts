import { describe, expect, it } from 'vitest';
import { englishPluralKey, pluralKeys } from './plural-keys';

describe('the keys a catalogue needs for its language’s plurals', () => {
  const english = ['title', 'rows_one', 'rows_other'];
  it.each([
    ['en-gb', ['rows_one', 'rows_other', 'title']],
    ['de', ['rows_one', 'rows_other', 'title']],
    ['it', ['rows_many', 'rows_one', 'rows_other', 'title']],
    ['es', ['rows_many', 'rows_one', 'rows_other', 'title']],
  ])('%s', (language, expected) => {
    expect(pluralKeys(english, language)).toEqual(expected);
  });

  it('a key that only looks plural in the middle stays as it is', () => {
    expect(pluralKeys(['one_thing', 'other_place'], 'it')).toEqual(['one_thing', 'other_place']);
  });

  it.each([
    ['rows_many', 'rows_other'],
    ['rows_one', 'rows_one'],
    ['rows_other', 'rows_other'],
    ['title', 'title'],
  ])('%s says what English %s says', (key, english) => {
    expect(englishPluralKey(key)).toBe(english);
  });
});
