import { describe, expect, it } from 'vitest';
import { IndicatorKind } from '../enums';
import { isYes, positiveBoxOf, positiveNegativeAnswer, suggestionFacts, thankedStaff } from './facts';
import {
  answers,
  COMMENTS_QUESTION,
  dish,
  indicator,
  input,
  menuAnswer,
  PLAIN_COMMENT_QUESTION,
  YES_NO_QUESTION,
} from './fixtures';

const scores = (...pairs: [number, number][]) =>
  input({ answers: answers({ indicators: pairs.map(([id, score]) => ({ id, score })) }) });

describe('suggestion facts', () => {
  it('G7.1 reads only answers to the survey’s own questions and indicators', () => {
    const facts = suggestionFacts(
      input({
        answers: answers({
          indicators: [{ id: 99, score: 5 }],
          questions: [{ id: 999, answer: { choices: ['Lovely', ''] } }],
        }),
      }),
    );
    expect(facts).toEqual([]);
  });

  it('G7.2 a survey rating of 4 or 5 is a high rating named by its indicator; lower or off-scale is not', () => {
    expect(suggestionFacts(scores([1, 5], [2, 4], [3, 3]))).toEqual([
      { kind: 'rating', name: 'Food', score: 5 },
      { kind: 'rating', name: 'Service', score: 4 },
    ]);
    expect(suggestionFacts(scores([1, 1], [2, 2], [3, 3.9]))).toEqual([]);
    expect(suggestionFacts(scores([1, 6], [2, Number.NaN]))).toEqual([]);
  });

  it('G7.2 CSAT and review-rating indicators are not quoted as ratings', () => {
    const facts = suggestionFacts(
      input({
        indicators: [
          indicator(6, 'Satisfaction', IndicatorKind.CSAT),
          indicator(7, 'Review', IndicatorKind.REVIEW_RATING),
        ],
        answers: answers({
          indicators: [
            { id: 6, score: 5 },
            { id: 7, score: 5 },
          ],
        }),
      }),
    );
    expect(facts).toEqual([]);
  });

  it('G7.3 an NPS answer of 9 or 10 says the guest would recommend, once', () => {
    const twoNps = input({
      indicators: [indicator(5, 'NPS', IndicatorKind.NPS), indicator(8, 'NPS 2', IndicatorKind.NPS)],
      answers: answers({
        indicators: [
          { id: 5, score: 9 },
          { id: 8, score: 10 },
        ],
      }),
    });
    expect(suggestionFacts(twoNps)).toEqual([{ kind: 'recommend', score: 9 }]);
    expect(suggestionFacts(scores([5, 8]))).toEqual([]);
  });

  it('G7.4 dishes rated good are facts by their menu name; bad, neutral and unnamed dishes are not', () => {
    const facts = suggestionFacts(
      input({
        answers: answers({
          questions: [menuAnswer(dish('A1', 3), dish('B2', 1), dish('C3', 2), dish('ZZ', 3), dish('A1', 3))],
        }),
      }),
    );
    expect(facts).toEqual([{ kind: 'dish', name: 'Margherita pizza', reasons: [], comment: null }]);
  });

  it('G7.5 a good dish carries the texts of its good reasons, the guest’s other reason and comment', () => {
    const facts = suggestionFacts(
      input({
        answers: answers({
          questions: [
            menuAnswer(dish('A1', 3, { reasons: [2, 1, 3], otherReason: 'Crispy', comment: ' Best  ever ' })),
          ],
        }),
      }),
    );
    // Reason 3 exists only in the bad section: it is not read as praise.
    expect(facts).toEqual([
      {
        kind: 'dish',
        name: 'Margherita pizza',
        reasons: ['Well presented', 'Tasty', 'Crispy'],
        comment: 'Best ever',
      },
    ]);
  });

  it('G7.6, G7.21 a yes/no “why” text is a positive fact only after yes, kept with its question', () => {
    const yes = { id: YES_NO_QUESTION, answer: { choices: ['Yes'], text: 'Friends told me' } };
    const one = { id: YES_NO_QUESTION, answer: { choices: [1], text: 'Came back' } };
    const no = { id: YES_NO_QUESTION, answer: { choices: ['no'], text: 'Too loud' } };
    expect(suggestionFacts(input({ answers: answers({ questions: [yes, one, no] }) }))).toEqual([
      { kind: 'why', question: 'Would you come back?', text: 'Friends told me' },
      { kind: 'why', question: 'Would you come back?', text: 'Came back' },
    ]);
    expect(isYes({ choices: ['YES '] })).toBe(true);
    expect(isYes({ text: 'yes' })).toBe(false);
  });

  it('G7.7 only the positive box of a positive/negative comment is read; plain comments are not', () => {
    const facts = suggestionFacts(
      input({
        answers: answers({
          questions: [
            { id: COMMENTS_QUESTION, answer: positiveNegativeAnswer('Lovely terrace', 'Slow bar') },
            { id: PLAIN_COMMENT_QUESTION, answer: { text: 'Something' } },
            { id: COMMENTS_QUESTION, answer: { choices: ['', 'Only a complaint'] } },
            { id: COMMENTS_QUESTION, answer: { notApplicable: true, choices: ['Ignored'] } },
          ],
        }),
      }),
    );
    expect(facts).toEqual([{ kind: 'comment', text: 'Lovely terrace' }]);
  });

  it('G7.10 the answer encodings: yes/no as a choice, positive/negative as two choices', () => {
    expect(positiveNegativeAnswer('a', 'b')).toEqual({ choices: ['a', 'b'] });
    expect(positiveBoxOf({ choices: ['a', 'b'] })).toBe('a');
    expect(positiveBoxOf({ choices: [3] })).toBe('');
    expect(positiveBoxOf({})).toBe('');
  });

  it('G7.16 the staff member thanked, with the texts of the chosen tags and the comment', () => {
    const tags = [
      { id: 1, text: 'Friendly' },
      { id: 2, text: 'Attentive' },
    ];
    const answer = {
      renderType: 1 as const,
      staffId: 4,
      subQuestions: [
        { question_type: 'tags', answers: [2, '1', 9] },
        { question_type: 'text', answers: ['Made our day'] },
      ],
    };
    expect(thankedStaff(answer, 'Sam', tags)).toEqual({
      name: 'Sam',
      tags: ['Attentive', 'Friendly'],
      comment: 'Made our day',
    });
    expect(thankedStaff(answer, null, tags)).toBeNull();
    expect(thankedStaff(answer, ' \u0007 ', tags)).toBeNull();
    expect(thankedStaff({ renderType: 0, description: 'Someone' }, 'Sam', tags)).toBeNull();
    expect(thankedStaff(undefined, 'Sam', tags)).toBeNull();
    const facts = suggestionFacts(
      input({ staff: { name: ' Sam\n', tags: ['Friendly', 'Friendly', ''], comment: '' } }),
    );
    expect(facts).toEqual([{ kind: 'staff', name: 'Sam', tags: ['Friendly'], comment: null }]);
  });

  it('G7.9 facts come in a fixed order: ratings, recommend, dishes, staff, comments', () => {
    const facts = suggestionFacts(
      input({
        answers: answers({
          indicators: [
            { id: 5, score: 10 },
            { id: 2, score: 5 },
          ],
          questions: [
            { id: COMMENTS_QUESTION, answer: positiveNegativeAnswer('Nice', '') },
            menuAnswer(dish('C3', 3)),
          ],
        }),
        staff: { name: 'Jo', tags: [], comment: null },
      }),
    );
    expect(facts.map((f) => f.kind)).toEqual(['rating', 'recommend', 'dish', 'staff', 'comment']);
  });
});
