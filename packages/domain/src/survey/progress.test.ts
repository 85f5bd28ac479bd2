import { describe, expect, it } from 'vitest';
import { surveyWith } from './fixtures';
import { surveyEndTriggersPoll, webSurveyInProgress } from './progress';

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
