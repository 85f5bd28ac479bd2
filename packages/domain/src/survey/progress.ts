import type { Survey } from '../schemas/survey';

/** G4.1 On the web the first survey of the config becomes the survey in progress; none without surveys. */
export const webSurveyInProgress = (surveys: readonly Survey[]): Survey | null => surveys[0] ?? null;

/**
 * G4.2 A server poll is due when a survey stops being in progress: an id was set and now none is. A
 * switch straight to another survey is not a stop — the device is not idle, and a poll then could
 * swap the config under the new survey.
 */
export const surveyEndTriggersPoll = (previousId: number | null, nextId: number | null): boolean =>
  previousId !== null && nextId === null;
