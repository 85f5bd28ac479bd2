import { describe, expect, it } from 'vitest';
import {
  miscMajorGroupFor,
  miscMajorGroupRef,
  orphanFamilyGroups,
  productMajorGroup,
  withMiscMajorGroups,
} from './misc-group';

const drinks = { id: 7, ref: 'F7', name: 'Soft drinks', weight: 10 };
const sides = { id: 8, ref: 'F8', name: 'Sides', weight: 5 };
const mains = { id: 1, ref: 'M1', name: 'Mains', isMisc: false };

describe('D3 misc major group', () => {
  it.each([
    ['F7', 'miscF7'],
    ['12', 'misc12'],
    ['', 'misc'],
  ])('ref of family group %j is %j', (family, expected) => {
    expect(miscMajorGroupRef(family)).toBe(expected);
  });

  it('takes the family group id and name and is marked isMisc', () => {
    expect(miscMajorGroupFor(drinks)).toEqual({ id: 7, ref: 'miscF7', name: 'Soft drinks', isMisc: true });
  });

  it.each([
    ['own major group wins', mains, drinks, { ref: 'M1', name: 'Mains' }],
    ['family group only gives the misc group', null, drinks, { ref: 'miscF7', name: 'Soft drinks' }],
    ['no group at all gives none', null, null, null],
    ['major group without family group', mains, null, { ref: 'M1', name: 'Mains' }],
  ])('productMajorGroup: %s', (_name, major, family, expected) => {
    expect(productMajorGroup(major, family)).toEqual(expected);
  });

  it('finds only family groups that hold a product with no major group', () => {
    const products = [
      { majorGroupId: 1, familyGroupId: 8 },
      { majorGroupId: null, familyGroupId: 7 },
      { majorGroupId: null, familyGroupId: 7 },
      { majorGroupId: null, familyGroupId: null },
    ];
    expect(orphanFamilyGroups(products, [drinks, sides])).toEqual([drinks]);
  });

  it('adds one misc group per orphan family group after the real groups', () => {
    const result = withMiscMajorGroups([mains], [drinks, sides]);
    expect(result.map((g) => [g.ref, g.isMisc])).toEqual([
      ['M1', false],
      ['miscF7', true],
      ['miscF8', true],
    ]);
  });

  it('adds nothing when every product has a major group', () => {
    expect(withMiscMajorGroups([mains], [])).toEqual([mains]);
  });

  it('a real major group whose ref equals a misc ref keeps its place and no duplicate is added', () => {
    const clash = { id: 2, ref: 'miscF7', name: 'Real', isMisc: false };
    expect(withMiscMajorGroups([clash], [drinks])).toEqual([clash]);
  });
});
