export { SurveyEditorScreen } from './survey-editor-screen';
export { surveysApi, type VoucherPool, voucherPoolsApi } from './surveys-api';
export { SurveysScreen } from './surveys-screen';
