/** What other features' tests use of the questions' fixtures (tests only; decision 0170). */
export { MenuInsightQuestion } from './menu-insight/menu-insight-question';
export { SURVEY_RUN_VERSION } from './survey-run';
export { bistroSurvey, checkedInSession, renderQuestions } from './test-fixtures';
