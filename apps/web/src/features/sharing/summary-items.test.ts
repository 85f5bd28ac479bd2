import { IndicatorRenderType } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { summaryItems, summaryOf } from './summary-items';
import { finishedRun, staffMember } from './test-fixtures';

const staffSelector = {
  enabled: true,
  renderType: 1 as const,
  followup: 3 as const,
  tags: [
    { id: 1, text: 'Friendly' },
    { id: 2, text: 'Quick' },
  ],
};
const team = [staffMember(1, 'Alex'), staffMember(2, 'Sam')];
const tagsOf = (...ids: number[]) => ({ question_type: 'tags', answers: ids });
const textOf = (text: string) => ({ question_type: 'text', answers: [text] });

describe('sharing summary items from the guest’s answers', () => {
  it('indicator scores in the survey’s order, low ones too; the recommend score is a grade out of 10', () => {
    const items = summaryItems(finishedRun({ scores: { 5: 9, 2: 2, 1: 5 } }));
    expect(items).toEqual([
      { type: 'indicators', label: 'Food', score: { value: 5, max: 5 } },
      { type: 'indicators', label: 'Service', score: { value: 2, max: 5 } },
      { type: 'grade', label: 'Recommend', score: { value: 9, max: 10 } },
    ]);
  });

  it.each([
    [IndicatorRenderType.EMOJI, 'emoji'],
    [IndicatorRenderType.CUSTOM_EMOJI, 'emoji'],
    [IndicatorRenderType.RATING, 'rating'],
    [IndicatorRenderType.CUSTOM_RATING, 'rating'],
  ] as const)('a rating question on render type %i is a %s item', (renderType, type) => {
    const run = finishedRun({
      answers: { 10: { choices: [4] } },
      survey: { indicatorsRenderType: renderType },
    });
    expect(summaryItems(run)).toEqual([
      { type, label: 'How clean was your table?', score: { value: 4, max: 5 } },
    ]);
  });

  it('the guest’s words: a comment, both boxes of positive/negative, the why of a yes/no, trimmed', () => {
    const run = finishedRun({
      answers: {
        11: { text: '  Lovely terrace  ' },
        12: { choices: ['Great pasta', 'Slow bill'] },
        13: { choices: ['yes'], text: 'The view' },
      },
    });
    expect(summaryItems(run)).toEqual([
      { type: 'comments', label: 'Any other comments?', text: 'Lovely terrace' },
      { type: 'comments', label: 'Tell us more', text: 'Great pasta' },
      { type: 'comments', label: 'Tell us more', text: 'Slow bill' },
      { type: 'comments', label: 'Would you come back?', text: 'The view', answer: 'yes' },
    ]);
  });

  it('leaves out choices, postcodes, blank or not-applicable answers and questions never confirmed', () => {
    const run = finishedRun({
      answers: {
        10: { choices: [5] },
        11: { text: '   ' },
        12: { notApplicable: true },
        13: { choices: ['no'] },
        14: { choices: [1] },
        15: { text: 'SW1A 1AA' },
      },
      unconfirmed: [10],
    });
    expect(summaryItems(run)).toEqual([]);
  });

  it('the comment about the team is a staff item', () => {
    expect(summaryItems(finishedRun({ staff: { renderType: 0, description: 'Sam was kind' } }))).toEqual([
      { type: 'staff', label: null, text: 'Sam was kind' },
    ]);
  });

  it.each([
    ['their comment', [tagsOf(1), textOf('Great service')], 'Great service'],
    ['the tags chosen, without a comment', [tagsOf(1, 2), textOf(' ')], 'Friendly, Quick'],
    ['no text, with neither', [], undefined],
  ])('a thanked member is named from the team, with %s', (_case, subQuestions, text) => {
    const run = finishedRun({
      staff: { renderType: 1, staffId: 2, subQuestions },
      survey: { staffSelector },
    });
    expect(summaryItems(run, team)).toEqual([{ type: 'staff', label: 'Sam', ...(text ? { text } : {}) }]);
  });

  it('a thanked member the team list does not hold (or no list) is left out', () => {
    const run = finishedRun({
      staff: { renderType: 1, staffId: 9, subQuestions: [] },
      survey: { staffSelector },
    });
    expect(summaryItems(run, team)).toEqual([]);
    expect(summaryItems({ ...run, staff: { renderType: 1, staffId: 2, subQuestions: [] } })).toEqual([]);
  });
});

describe('the summary shown', () => {
  const full = finishedRun({
    scores: { 1: 5, 2: 4, 5: 10 },
    answers: { 10: { choices: [5] }, 11: { text: 'Lovely terrace' } },
    staff: { renderType: 0, description: 'Sam was kind' },
  });

  it('G4.64 at most 5, heaviest first: comments, staff, indicators, then the others in order', () => {
    expect(summaryOf(full, false).map((item) => [item.type, item.label])).toEqual([
      ['comments', 'Any other comments?'],
      ['staff', null],
      ['indicators', 'Food'],
      ['indicators', 'Service'],
      ['grade', 'Recommend'],
    ]);
  });

  it('G4.65 compact: at most 4, comments dropped, no text left', () => {
    const compact = summaryOf(full, true);
    expect(compact.map((item) => item.type)).toEqual(['staff', 'indicators', 'indicators', 'grade']);
    expect(compact.every((item) => item.text === undefined)).toBe(true);
  });

  it('no stored run shows nothing', () => {
    expect(summaryOf(null, false)).toEqual([]);
  });
});
