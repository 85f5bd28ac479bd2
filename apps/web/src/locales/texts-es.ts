// Every es text, the app's and each feature's, in one chunk loaded when the language is chosen (0133).
// It imports nothing but the texts, so that nothing of the first screen's code is drawn into its chunk.
import translation from './es.json';

export const features = import.meta.glob<Record<string, unknown>>('../features/*/locales/es.json', {
  eager: true,
  import: 'default',
});
export default translation;
