export { SurveyTranslationsScreen } from './translations-screen';
