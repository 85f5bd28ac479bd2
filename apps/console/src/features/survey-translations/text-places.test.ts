import type { SurveyDocument } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import { placeFinder, placeLabel } from './text-places';
import { surveyDocument } from './translations-fixtures';

const base = surveyDocument(2);
const [first, second] = base.questions;
if (!first || !second) throw new Error('fixture without questions');
// Only the fields the labels read; the shapes are the schema's (services, menu insight, aspect ratings).
const doc = {
  survey: {
    ...base.survey,
    vouchers: [{ ...(base.survey.vouchers[0] ?? {}), id: 4, name: 'Free coffee' }],
    demographics: {
      fields: [
        {
          id: 3,
          type: 1,
          label: 'Gender',
          fieldType: 'select',
          required: false,
          options: [
            { id: 7, value: 'Female' },
            { id: 9, value: 'Male' },
          ],
        },
      ],
    },
  },
  questions: [
    {
      ...first,
      aspectRatings: [
        {
          aspectRatingId: 1,
          oppositeId: null,
          reasonMode: 0,
          title: 'Why?',
          reasons: [
            { id: 8, text: 'Cold' },
            { id: 9, text: 'Late' },
          ],
        },
      ],
      menuInsight: {
        reasonSections: [
          { aspectRatingId: 3, title: 'Liked', showIf: null, reasons: [{ id: 5, text: 'Tasty' }] },
        ],
        subQuestions: [],
      },
    },
    {
      ...second,
      services: [
        {
          id: 'food',
          name: 'Food',
          subQuestions: [
            { id: 'score', label: 'How was it?', kind: 'rating', required: false, choices: [] },
            {
              id: 'liked',
              label: 'Liked?',
              kind: 'choices',
              required: false,
              choices: [
                { id: 1, text: 'Taste' },
                { id: 2, text: 'Size' },
              ],
            },
          ],
        },
      ],
    },
  ],
} as unknown as Pick<SurveyDocument, 'survey' | 'questions'>;

const placeOf = placeFinder(doc);
const label = (key: string) => {
  const place = placeOf(key);
  return [placeLabel(i18n.t, place.groupText), placeLabel(i18n.t, place.field)];
};

describe('where a survey text is (O15.20 keys read for people)', () => {
  it.each([
    ['survey.name', 'Survey', 'Survey name'],
    ['labels.welcome', 'Survey', 'Label “welcome”'],
    ['sections.main.title', 'Section: Main', 'Title'],
    ['sections.gone.name', 'Section: gone', 'Name'],
    ['indicators.1.name', 'Indicator: Food', 'Name'],
    ['indicators.1.topics.11', 'Indicator: Food', 'Topic 11'],
    ['ratingImages.4', 'Rating images', 'Label of rating 4'],
    ['staff.tags.2', 'Staff selector', 'Tag 2'],
    ['staff.filters.bar', 'Staff selector', 'Filter “bar”'],
    ['vouchers.4.description', 'Voucher: Free coffee', 'Description'],
    ['dataCapture.marketingPermission', 'Survey', 'Marketing permission'],
    ['demographics.3.label', 'Demographic question: Gender', 'Question'],
    ['demographics.3.options.9', 'Demographic question: Gender', 'Option 2'],
    ['demographics.8.label', 'Demographic question: 8', 'Question'],
    ['questions.100.text', 'Question 1', 'Question'],
    ['questions.101.answers.2', 'Question 2', 'Answer 2'],
    ['questions.100.aspectRatings.1.title', 'Question 1', 'Reasons when rated bad: title'],
    ['questions.100.aspectRatings.1.reasons.9', 'Question 1', 'Reasons when rated bad: reason 2'],
    ['questions.100.menuInsight.sub.comments', 'Question 1', 'Dish question “comments”'],
    ['questions.100.menuInsight.reasons.3.title', 'Question 1', 'Dish reasons when rated good: title'],
    ['questions.100.menuInsight.reasons.3.5', 'Question 1', 'Dish reasons when rated good: reason 1'],
    ['questions.101.services.food.name', 'Question 2', 'Food: name'],
    ['questions.101.services.food.liked.label', 'Question 2', 'Food: question 2'],
    ['questions.101.services.food.liked.2', 'Question 2', 'Food: question 2, choice 2'],
    ['questions.999.text', 'Other texts', 'questions.999.text'],
    ['mystery', 'Other texts', 'mystery'],
  ])('%s is "%s › %s"', (key, group, field) => {
    expect(label(key)).toEqual([group, field]);
  });

  it('groups by the part of the survey, one group per question', () => {
    expect(
      [
        'survey.name',
        'labels.welcome',
        'questions.100.text',
        'questions.100.answers.1',
        'questions.101.text',
      ].map((key) => placeOf(key).group),
    ).toEqual(['survey', 'survey', 'question:100', 'question:100', 'question:101']);
  });
});
