import type { Survey } from '../schemas/survey';
import { hasContent } from './follow-ups';
import type { RunState } from './types';

/** G4.1 On the web the first survey of the config becomes the survey in progress; none without surveys. */
export const webSurveyInProgress = (surveys: readonly Survey[]): Survey | null => surveys[0] ?? null;

/**
 * G4.2 A server poll is due when a survey stops being in progress: an id was set and now none is. A
 * switch straight to another survey is not a stop — the device is not idle, and a poll then could
 * swap the config under the new survey.
 */
export const surveyEndTriggersPoll = (previousId: number | null, nextId: number | null): boolean =>
  previousId !== null && nextId === null;

/**
 * D2.13 (issue 26 item 18): the status panel's count and bar of a tablet's survey in progress. Total:
 * the questions of the plan so far (`visible`; it grows when dependent sections or follow-ups join).
 * Answered: those of them with an answer confirmed by Next, with content or marked not applicable.
 */
export function answeredQuestions(state: Pick<RunState, 'visible' | 'answers'>): {
  answered: number;
  total: number;
} {
  const answered = state.visible.filter((id) => {
    const answer = state.answers[id];
    return answer !== undefined && (hasContent(answer) || answer.notApplicable === true);
  }).length;
  return { answered, total: state.visible.length };
}
