export {
  branchesForNewSurvey,
  editableSurvey,
  noDraft,
  readableSurvey,
  type SurveyAccess,
  unknownSurvey,
} from './access';
export { createSurvey, duplicateSurvey } from './create';
export { languagesOfRow, publishedDocument, VersionDocuments } from './documents';
export {
  acceptDocument,
  discardDraft,
  publishDraft,
  restoreVersion,
  type SavedDraft,
  type SurveyChange,
  saveDraft,
} from './drafts';
export { documentRefused, type PublishInput, publishVersion, slugTaken, surveyColumns } from './publish';
export { exportSurvey, listSurveys, type SurveyFile, surveyDocumentAnswer, versionHistory } from './read';
export { draftDigest, revisionOf } from './revision';
export { setSurveyActive } from './settings';
