import { describe, expect, it } from 'vitest';
import { type CsvLine, menuFromCsv } from './menu-csv';

const HEADER =
  'product_ref,product_name,type,major_group_ref,major_group_name,family_group_ref,family_group_name,family_group_weight';
/** Lines split on commas (the tests hold no quoted cells; the console's parser is csv-parse). */
const csv = (...lines: string[]): CsvLine[] => lines.map((l, i) => ({ line: i + 1, cells: l.split(',') }));
const errorsOf = (lines: CsvLine[]) => menuFromCsv(lines).errors.map((e) => `${e.line}:${e.column ?? '-'}`);

describe('O12.6 the menu CSV', () => {
  it('reads groups beside their products, each group once', () => {
    const result = menuFromCsv(
      csv(
        HEADER,
        '1001,Tomato soup,food,100,Starters,11,Soups,40',
        '1002,Onion soup,1,100,,11,,',
        '2001,Cola,drink,,,41,Soft drinks,',
        '9001,Gift voucher,other,,,,,',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.menu).toEqual({
      majorGroups: [{ ref: '100', name: 'Starters' }],
      familyGroups: [
        { ref: '11', name: 'Soups', weight: 40 },
        { ref: '41', name: 'Soft drinks', weight: 0 },
      ],
      products: [
        { ref: '1001', name: 'Tomato soup', type: 1, majorGroupRef: '100', familyGroupRef: '11' },
        { ref: '1002', name: 'Onion soup', type: 1, majorGroupRef: '100', familyGroupRef: '11' },
        { ref: '2001', name: 'Cola', type: 2, majorGroupRef: null, familyGroupRef: '41' },
        { ref: '9001', name: 'Gift voucher', type: 3, majorGroupRef: null, familyGroupRef: null },
      ],
    });
    expect(result.rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
  });

  it('takes the columns in any order, the optional ones left out', () => {
    const result = menuFromCsv(csv('TYPE,product_name,product_ref', 'drink,Cola,2001'));
    expect(result.errors).toEqual([]);
    expect(result.menu.products).toEqual([
      { ref: '2001', name: 'Cola', type: 2, majorGroupRef: null, familyGroupRef: null },
    ]);
  });

  it.each([
    ['an empty file', [], ['1:-']],
    ['a header only', csv(HEADER), ['2:-']],
    ['a required column missing', csv('product_ref,type', '1,food'), ['1:product_name']],
    ['an unknown column', csv(`${HEADER},price`, '1,a,food,,,,,,1'), ['1:price']],
    ['a column twice', csv('product_ref,product_name,type,type', '1,a,food,food'), ['1:type']],
    ['a product without a ref or name', csv(HEADER, ',,food,,,,,'), ['2:product_ref', '2:product_name']],
    ['an unknown type', csv(HEADER, '1,a,meal,,,,,'), ['2:type']],
    ['a product ref twice', csv(HEADER, '1,a,food,,,,,', '1,b,food,,,,,'), ['3:product_ref']],
    ['a group first named without a name', csv(HEADER, '1,a,food,100,,,,'), ['2:major_group_name']],
    ['a group name without a ref', csv(HEADER, '1,a,food,,Mains,,,'), ['2:major_group_ref']],
    [
      'a group named two ways',
      csv(HEADER, '1,a,food,100,Mains,,,', '2,b,food,100,Starters,,,'),
      ['3:major_group_name'],
    ],
    ['a major group named misc…', csv(HEADER, '1,a,food,misc1,M,,,'), ['2:major_group_ref']],
    ['a weight that is no whole number', csv(HEADER, '1,a,food,,,11,Soups,heavy'), ['2:family_group_weight']],
    [
      'two weights for a group',
      csv(HEADER, '1,a,food,,,11,Soups,1', '2,b,food,,,11,,2'),
      ['3:family_group_weight'],
    ],
    ['more cells than columns', csv('product_ref,product_name,type', '1,a,food,extra'), ['2:-']],
    ['a ref too long', csv(HEADER, `${'x'.repeat(65)},a,food,,,,,`), ['2:product_ref']],
  ])('%s', (_name, lines, expected) => {
    expect(errorsOf(lines)).toEqual(expected);
  });
});
