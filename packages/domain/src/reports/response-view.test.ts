import { describe, expect, it } from 'vitest';
import { AspectRating, QuestionFormat, QuestionType } from '../enums';
import { q, surveyWith } from '../survey/fixtures';
import { labelAnswers, labelDishes, labelIndicators, labelStaff } from './response-view';

const choices = (...texts: string[]) => texts.map((text, index) => ({ id: index + 1, text }));
const indicators = surveyWith().indicators;

const questions = [
  q(1, {
    questionType: QuestionType.DRILLDOWN,
    otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
    text: 'What let the food down?',
    indicatorId: 1,
    otherQuestionsAnswers: choices('Temperature', 'Taste'),
    followUpQuestions: [2],
  }),
  q(2, { otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE, commentMode: 'comment', text: 'Tell us more' }),
  q(3, { otherQuestionsFormat: QuestionFormat.YES_NO_WHY, text: 'First visit?' }),
  q(4, { text: 'Rate the music', numberStars: 5 }),
  q(5, {
    otherQuestionsFormat: QuestionFormat.TEXT_SINGLE,
    commentMode: 'positive_negative',
    text: 'Best, worst',
  }),
  q(6, {
    text: 'Your visit',
    services: [
      {
        id: 'food',
        name: 'Food',
        subQuestions: [
          { id: 'r', label: 'Rating', kind: 'rating' },
          { id: 'c', label: 'What stood out', kind: 'choices', choices: choices('Taste', 'Price') },
        ],
      },
    ],
  }),
  q(7, {
    questionType: QuestionType.MENU_INSIGHT,
    text: 'Your dishes',
    menuInsight: {
      menuType: 1,
      mode: 1,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: true,
      subQuestions: [],
      reasonSections: [
        { aspectRatingId: AspectRating.GOOD, title: 'Liked', showIf: null, reasons: choices('Tasty', 'Hot') },
        { aspectRatingId: AspectRating.BAD, title: 'Wrong', showIf: null, reasons: choices('Cold', 'Bland') },
      ],
    },
  }),
];

describe('a response’s answers, labelled from its survey', () => {
  it('names each kind of answer as the guest gave it', () => {
    const views = labelAnswers(
      [
        { id: 1, answer: { choices: [1, 2] } },
        { id: 2, answer: { text: 'Chips were cold' } },
        { id: 3, answer: { choices: ['yes'], text: 'A friend told me' } },
        { id: 4, answer: { choices: [4] } },
        { id: 5, answer: { choices: ['The staff', ''] } },
        {
          id: 6,
          answer: {
            extra: {
              services: [
                {
                  id: 'food',
                  answers: [
                    { id: 'r', value: 5 },
                    { id: 'c', value: [2] },
                  ],
                },
              ],
            },
          },
        },
        { id: 99, answer: { choices: [3], notApplicable: true } },
      ],
      questions,
      indicators,
    );
    expect(views.map(({ questionId, title, kind }) => [questionId, title, kind])).toEqual([
      [1, 'What let the food down?', 'choice'],
      [2, 'Tell us more', 'text'],
      [3, 'First visit?', 'yesNo'],
      [4, 'Rate the music', 'rating'],
      [5, 'Best, worst', 'positiveNegative'],
      [6, 'Your visit', 'services'],
      [99, null, 'unknown'],
    ]);
    expect(views[0]).toMatchObject({ choices: ['Temperature', 'Taste'], drilldownOf: 'Food' });
    expect(views[1]).toMatchObject({ text: 'Chips were cold', followUpOf: 1 });
    expect(views[2]).toMatchObject({ yes: true, text: 'A friend told me' });
    expect(views[3]?.stars).toEqual({ value: 4, of: 5 });
    expect(views[4]).toMatchObject({ positive: 'The staff', negative: null });
    expect(views[5]?.services).toEqual([
      {
        name: 'Food',
        answers: [
          { label: 'Rating', value: '5' },
          { label: 'What stood out', value: 'Price' },
        ],
      },
    ]);
    expect(views[6]).toMatchObject({ choices: ['3'], notApplicable: true });
  });

  it('labels each dish’s reasons from its own rating’s section (reason ids are per section)', () => {
    const dishes = labelDishes(
      [
        {
          id: 7,
          answer: {
            extra: {
              menuInsight: [
                { ref: 'P1', aspectRatingId: 3, reasons: [1, 2] },
                { ref: 'P2', aspectRatingId: 1, reasons: [1], comment: 'Stone cold', otherReason: ' ' },
              ],
            },
          },
        },
      ],
      questions,
      { P1: 'Fish and chips' },
    );
    expect(dishes).toEqual([
      {
        questionId: 7,
        ref: 'P1',
        name: 'Fish and chips',
        rating: 3,
        ratingLabel: null,
        reasons: ['Tasty', 'Hot'],
        comment: null,
        otherReason: null,
      },
      {
        questionId: 7,
        ref: 'P2',
        name: null,
        rating: 1,
        ratingLabel: null,
        reasons: ['Cold'],
        comment: 'Stone cold',
        otherReason: null,
      },
    ]);
  });

  it('names and ranges the indicators scored', () => {
    expect(
      labelIndicators(
        [
          { id: 1, score: 4 },
          { id: 42, score: 3 },
        ],
        indicators,
      ),
    ).toEqual([
      { id: 1, name: 'Food', kind: 'rating', score: 4, min: 1, max: 5 },
      { id: 42, name: null, kind: null, score: 3, min: null, max: null },
    ]);
  });

  it('the staff member thanked, with tags and text, or the name typed', () => {
    const tags = choices('Friendly', 'Quick');
    expect(
      labelStaff(
        {
          renderType: 1,
          staffId: 3,
          subQuestions: [
            { question_type: 'tags', answers: [2, 1] },
            { question_type: 'text', answers: ['Thanks Sam'] },
          ],
        },
        { id: 3, name: 'Sam' },
        tags,
      ),
    ).toEqual({ id: 3, name: 'Sam', tags: ['Quick', 'Friendly'], text: 'Thanks Sam' });
    expect(labelStaff({ renderType: 0, description: 'the tall one' }, null, tags)).toEqual({
      id: null,
      name: null,
      tags: [],
      text: 'the tall one',
    });
    expect(labelStaff(undefined, null, tags)).toBeNull();
  });
});
