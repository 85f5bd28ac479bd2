import { describe, expect, it } from 'vitest';
import { boxesOf, canContinue, positiveNegative, yesNoAnswer, yesNoOf } from './answers';
import { finishPayload } from './finish';
import { runReducer, type SurveyRun, startRun } from './survey-run';
import { bistroQuestions, bistroSurvey } from './test-fixtures';

const visit = { transaction: null, visitDateTime: '2025-03-14 19:30:00' };
const session = {
  guid: '8d5c1a56-1c8e-4c62-9a59-0d6f2f4b2f11',
  startTime: null,
  visitDateTime: null,
  transactionRef: null,
  receiptPin: null,
  tableNumber: '12',
  urlParams: { urlSrc: 'qr', inBranch: '1' },
};

describe('answer shapes (G7.7, G7.10)', () => {
  it('yes/no/why: choice yes or no, the why in text', () => {
    expect(yesNoAnswer('yes', 'Because')).toEqual({ choices: ['yes'], text: 'Because' });
    expect(yesNoAnswer('no', '')).toEqual({ choices: ['no'] });
    expect(yesNoAnswer(null, 'x')).toEqual({});
    expect(yesNoOf({ choices: ['no'] })).toBe('no');
  });

  it('positive and negative boxes: choices [positive, negative]; two blank boxes are no answer', () => {
    expect(positiveNegative('Great', '')).toEqual({ choices: ['Great', ''] });
    expect(positiveNegative(' ', '')).toEqual({});
    expect(boxesOf({ choices: ['a', 'b'] })).toEqual(['a', 'b']);
  });

  it('Next waits for required questions and required indicators', () => {
    const byId = new Map(bistroQuestions.map((q) => [q.id, q]));
    const content = {
      sectionId: 'questions',
      followUp: false,
      questionIds: [120, 121],
      indicators: [],
      staff: false,
    };
    expect(canContinue(content, { answers: {}, scores: {}, staff: null }, byId)).toBe(false);
    expect(
      canContinue(content, { answers: { 120: { notApplicable: true } }, scores: {}, staff: null }, byId),
    ).toBe(true);
    expect(
      canContinue(content, { answers: { 120: { choices: ['no'] } }, scores: {}, staff: null }, byId),
    ).toBe(true);
  });
});

describe('the create payload of a finished run (D3)', () => {
  const finished = (): SurveyRun =>
    [
      { type: 'score', indicatorId: 1, score: 2 },
      { type: 'score', indicatorId: 2, score: 1 },
      { type: 'next' },
      { type: 'score', indicatorId: 5, score: 6 },
      { type: 'next' },
      { type: 'skip' },
      { type: 'answer', questionId: 120, answer: { choices: ['yes'], text: 'Why not' } },
      { type: 'next' },
      { type: 'staff', answer: { renderType: 0, description: 'Sam' } },
      { type: 'skip' },
    ].reduce(
      (state, action) => runReducer(state, action as Parameters<typeof runReducer>[1]),
      startRun({
        survey: bistroSurvey(),
        questions: bistroQuestions,
        visit,
        seed: 3,
        hasDemographics: false,
        startedAt: '2025-03-14 21:00:00',
      }),
    );

  it('D3.1–D3.9 from the run and the check-in', () => {
    const run = finished();
    expect(run.phase).toBe('done');
    const payload = finishPayload(run, session, new Date(2025, 2, 14, 21, 10, 5), 'Test browser');
    expect(payload).toMatchObject({
      guid: session.guid,
      visitDatetime: '2025-03-14 19:30:00',
      surveyStart: '2025-03-14 21:00:00',
      surveyCompleted: '2025-03-14 21:10:05',
      pinCode: '',
      userAgent: 'Test browser',
      staffId: null,
      urlParams: { urlSrc: 'qr', inBranch: '1' },
      url_params: { table_id: '12' },
      // In the branch: no recommending (G4.66); service 1 ≤ 2 passes manager feedback (D3.9).
      recommendationPermitted: false,
      managerFeedbackIndicatorRulePassed: true,
      feedbackAlert: false,
    });
    // The skipped drill-down screen was shown, so its question is in the map but not answered.
    expect(payload.questionMap).toEqual([101, 120, 121, 122, 125, 130]);
    expect(payload.answers.questions).toEqual([{ id: 120, answer: { choices: ['yes'], text: 'Why not' } }]);
    expect(payload.answers.csatScore).toBe(13);
    expect(payload.staff).toBeUndefined();
    expect(payload).not.toHaveProperty('receiptPin');
  });

  it('D3.11 a receipt PIN typed on an offline tablet goes with the survey, with an empty pinCode', () => {
    const payload = finishPayload(
      finished(),
      { ...session, receiptPin: '123466' },
      new Date(),
      'Test browser',
    );
    expect(payload).toMatchObject({ pinCode: '', receiptPin: '123466' });
  });
});
