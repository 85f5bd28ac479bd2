import { describe, expect, it } from 'vitest';
import { runProgress } from './progress';
import { runReducer, type SurveyRun, startRun } from './survey-run';
import { bistroQuestions, bistroSurvey } from './test-fixtures';

const start = (hasDemographics = false, staff = false) =>
  startRun({
    survey: bistroSurvey(
      staff
        ? {
            sections: [
              { id: 'ratings', name: 'Ratings', weight: 100 },
              { id: 'staff', name: 'Our team', weight: 60, allowSkip: true },
              { id: 'questions', name: 'A few questions', weight: 50 },
            ],
            staffSelector: {
              enabled: true,
              renderType: 0,
              followup: 0,
              indicatorRule: { indicatorId: 2, scoreRequired: 4, lowerBound: true, strict: false },
            },
          }
        : {},
    ),
    questions: bistroQuestions,
    visit: { transaction: null, visitDateTime: '2025-03-14 19:30:00' },
    seed: 3,
    hasDemographics,
    startedAt: '2025-03-14 21:00:00',
  });
const run = (state: SurveyRun, ...actions: Parameters<typeof runReducer>[1][]) =>
  actions.reduce(runReducer, state);
const rated = (state: SurveyRun, food: number) =>
  run(
    state,
    { type: 'score', indicatorId: 1, score: food },
    { type: 'score', indicatorId: 2, score: 5 },
    { type: 'next' },
    { type: 'score', indicatorId: 5, score: 9 },
  );

describe('survey progress (issue 26 item 9)', () => {
  it('counts the screen on show among those still expected, a section not built yet included', () => {
    // Ratings, NPS, drill-downs (waiting for both), questions, comments.
    expect(runProgress(start())).toEqual({ current: 1, total: 5 });
    expect(runProgress(start(true))).toEqual({ current: 1, total: 6 });
  });

  it('drops a section found to have nothing to ask, adds a follow-up screen once it comes', () => {
    expect(runProgress(rated(start(), 5))).toEqual({ current: 2, total: 5 });
    // Good food: the drill-downs have nothing for the guest, the questions screen is third.
    expect(runProgress(run(rated(start(), 5), { type: 'next' }))).toEqual({ current: 3, total: 4 });
    const drilling = run(rated(start(), 1), { type: 'next' });
    expect(runProgress(drilling)).toEqual({ current: 3, total: 5 });
    const followUp = run(
      drilling,
      { type: 'answer', questionId: 101, answer: { choices: [1] } },
      { type: 'next' },
    );
    expect(runProgress(followUp)).toEqual({ current: 4, total: 6 });
  });

  it('counts a staff question whose gate waits for a score not given yet; not once the score fails it', () => {
    expect(runProgress(start(false, true))).toEqual({ current: 1, total: 3 });
    const low = run(
      start(false, true),
      { type: 'score', indicatorId: 1, score: 4 },
      { type: 'score', indicatorId: 2, score: 2 },
      { type: 'next' },
    );
    expect(runProgress(low)).toEqual({ current: 2, total: 2 });
  });

  it('the demographic fields are the last step; a finished run has no progress', () => {
    const asking = run(rated(start(true), 5), { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(asking.phase).toBe('demographics');
    expect(runProgress(asking)).toEqual({ current: 5, total: 5 });
    expect(runProgress(run(asking, { type: 'finishDemographics' }))).toBeNull();
  });
});
