import { describe, expect, it } from 'vitest';
import { isSearchLongEnough, matchesText, parseTextFields } from './search';

describe('G5/D5 menu search', () => {
  it.each([
    ['ab', false],
    ['abc', true],
    ['  ab  ', false],
    [' abc ', true],
    ['', false],
    ['čaj', true],
  ])('%j is long enough: %s', (text, expected) => {
    expect(isSearchLongEnough(text)).toBe(expected);
  });

  it.each([
    ['BURG', true],
    ['urge', true],
    ['main', true],
    ['pizza', false],
  ])('case-insensitive contains over the fields: %j → %s', (text, expected) => {
    const item = { name: 'Beef Burger', major_group_name: 'Mains' };
    expect(matchesText(item, ['name', 'major_group_name'], text)).toBe(expected);
  });

  it('looks only at the given fields and ignores nulls', () => {
    expect(matchesText({ name: 'Cola', major_group_name: null }, ['name'], 'mains')).toBe(false);
    expect(matchesText({ name: 'Cola', major_group_name: null }, ['major_group_name'], 'col')).toBe(false);
  });
});

describe('textFields parameter', () => {
  it.each([
    ['products', undefined, ['major_group_name', 'name']],
    ['family_groups', '', ['name']],
    ['major_groups', 'ref,name,ref', ['ref', 'name']],
  ] as const)('%s %j parses', (edge, raw, expected) => {
    expect(parseTextFields(edge, raw)).toEqual({ ok: true, value: expected });
  });

  it('reports unknown fields', () => {
    expect(parseTextFields('products', 'name,weight')).toEqual({ ok: false, invalid: ['weight'] });
  });
});
