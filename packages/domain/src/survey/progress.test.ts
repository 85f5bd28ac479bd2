import { describe, expect, it } from 'vitest';
import { completeScreen, startSurvey } from './build';
import { ctx, q, surveyWith } from './fixtures';
import { answeredQuestions, surveyEndTriggersPoll, webSurveyInProgress } from './progress';

describe('G4.1 survey in progress on the web', () => {
  it('is the first survey of the config', () => {
    const surveys = [surveyWith({ surveyId: 7 }), surveyWith({ surveyId: 8 })];
    expect(webSurveyInProgress(surveys)?.surveyId).toBe(7);
  });
  it('is none without surveys', () => {
    expect(webSurveyInProgress([])).toBeNull();
  });
});

describe('G4.2 a poll when a survey stops being in progress', () => {
  it.each([
    [7, null, true],
    [null, 7, false],
    [null, null, false],
    [7, 7, false],
    [7, 8, false],
  ])('%j → %j: %s', (previous, next, expected) => {
    expect(surveyEndTriggersPoll(previous, next)).toBe(expected);
  });
});

describe('D2.13 answered questions of a survey in progress', () => {
  it.each([
    [
      { visible: [], answers: {} },
      { answered: 0, total: 0 },
    ],
    [
      { visible: [1, 2, 3], answers: {} },
      { answered: 0, total: 3 },
    ],
    [
      { visible: [1, 2, 3], answers: { 1: { text: 'good' }, 2: { choices: [4] } } },
      { answered: 2, total: 3 },
    ],
    [
      { visible: [1, 2], answers: { 1: { notApplicable: true } } },
      { answered: 1, total: 2 },
    ],
    [
      { visible: [1, 2], answers: { 1: { text: '   ' }, 2: { choices: [] } } },
      { answered: 0, total: 2 },
    ],
    // An answer to a question the filter no longer shows does not count.
    [
      { visible: [2], answers: { 1: { text: 'gone' } } },
      { answered: 0, total: 1 },
    ],
  ])('%j gives %j', (state, expected) => {
    expect(answeredQuestions(state)).toEqual(expected);
  });

  it('counts follow-ups as they join the plan', () => {
    const questions = [q(1, { followUpQuestions: [3] }), q(2), q(3)];
    let state = startSurvey({ survey: surveyWith(), questions }, ctx());
    expect(answeredQuestions(state)).toEqual({ answered: 0, total: 2 });
    state = completeScreen(state, { 1: { choices: [1] }, 2: { choices: [2] } }, ctx());
    expect(answeredQuestions(state)).toEqual({ answered: 2, total: 3 });
  });
});
