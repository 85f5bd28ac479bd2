import { describe, expect, it } from 'vitest';
import { DEMOGRAPHIC_VALUE_MAX, POSTCODE_MAX } from '../constants';
import { DemographicType } from '../enums';
import { demographicFaults, demographicValueMax } from './demographics';
import { postcodeAnswerFaults } from './guest-fields';

const fields = [
  { id: 1, type: DemographicType.GENDER },
  { id: 5, type: DemographicType.POSTCODE },
];

describe('G5.24 a demographic postcode holds at most POSTCODE_MAX characters', () => {
  it('G5.24 the limit of each field type', () => {
    expect(demographicValueMax({ type: DemographicType.POSTCODE })).toBe(POSTCODE_MAX);
    expect(demographicValueMax({ type: DemographicType.AGE })).toBe(DEMOGRAPHIC_VALUE_MAX);
  });

  it.each([
    ['a postcode at the limit', [{ id: 5, value: 'SW1A 1AA 9' }], []],
    [
      'a postcode over the limit',
      [
        { id: 1, value: 'Female' },
        { id: 5, value: 'SW1A 1AA 99' },
      ],
      [
        {
          field: 'payload.demographics.1.value',
          in: 'body',
          message: 'form.maxChars',
          params: { count: POSTCODE_MAX },
        },
      ],
    ],
    ['another field keeps the payload limit', [{ id: 1, value: 'x'.repeat(DEMOGRAPHIC_VALUE_MAX) }], []],
    ['a field the venue does not have is not judged here', [{ id: 9, value: 'x'.repeat(50) }], []],
    // Characters are code points (G5.13): ten emoji are ten characters.
    ['ten emoji are ten characters', [{ id: 5, value: '🏠'.repeat(POSTCODE_MAX) }], []],
  ])('G5.24 %s', (_name, demographics, expected) => {
    expect(demographicFaults(fields, demographics)).toEqual(expected);
  });

  it('G5.24 no demographics, no faults', () => {
    expect(demographicFaults(fields, undefined)).toEqual([]);
  });
});

describe('G5.21 a postcode comment answer in a create payload', () => {
  const questions = [
    { id: 125, commentMode: 'postcode' as const },
    { id: 130, commentMode: 'comment' as const },
  ];
  it('G5.21 is refused over POSTCODE_MAX characters, at its place in the payload', () => {
    expect(
      postcodeAnswerFaults(questions, [
        { id: 130, answer: { text: 'x'.repeat(300) } },
        { id: 125, answer: { text: 'SW1A 1AA 99' } },
      ]),
    ).toEqual([
      {
        field: 'payload.answers.questions.1.answer.text',
        in: 'body',
        message: 'form.maxChars',
        params: { count: POSTCODE_MAX },
      },
    ]);
  });

  it('G5.21 passes at the limit, empty, or without text', () => {
    expect(
      postcodeAnswerFaults(questions, [
        { id: 125, answer: { text: 'SW1A 1AA 9' } },
        { id: 125, answer: { notApplicable: true } },
      ]),
    ).toEqual([]);
  });
});
