/**
 * The questions feature's public face (decision 0170): the questions page (loaded on demand) and what the
 * later steps read of the finished run.
 */
export { loadQuestionsPage } from './loaders';
export { ratingLook } from './rating-look';
export { runProgress, type SurveyRun, storedRun } from './survey-run';
