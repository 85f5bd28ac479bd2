export { SurveyPreviewScreen } from './preview-screen';
