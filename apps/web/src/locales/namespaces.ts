import type { ResourceLanguage } from 'i18next';

/** A namespace's texts (one feature's, or the app's own 'translation'). */
export type Catalogue = ResourceLanguage[string];

/** The feature a locale file belongs to: '../features/checkin/locales/de.json' → 'checkin'. */
export const featureOf = (path: string): string => path.split('/features/')[1]?.split('/')[0] ?? '';

/**
 * Each feature keeps its texts in src/features/<name>/locales/<language>.json, read as the i18next
 * namespace <name> (`useTranslation('<name>')`), so features never edit one shared file.
 */
export const byFeature = (files: Record<string, Catalogue>): Record<string, Catalogue> =>
  Object.fromEntries(Object.entries(files).map(([path, texts]) => [featureOf(path), texts]));
