export { EditorPreviewPane } from './editor-preview-pane';
export { SurveyPreviewScreen } from './preview-screen';
