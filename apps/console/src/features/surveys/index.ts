export { DraftConflict } from './draft-conflict';
export { SurveyEditorScreen } from './survey-editor-screen';
export { surveysApi } from './surveys-api';
export { SurveysScreen } from './surveys-screen';
export { conflictOf, overwriteRevision, type StaleDraft } from './use-draft';
