import { DEFAULT_LANGUAGE, Language } from '@venue-voice/domain';
import type { i18n as I18next } from 'i18next';
import enGb from '../locales/en-gb.json';
import { type Catalogue, createTranslator } from './translator';

// en-gb ships in the main bundle because it is the fallback; the others load only when chosen.
const loaders: Record<Exclude<Language, 'en-gb'>, () => Promise<{ default: Catalogue }>> = {
  de: () => import('../locales/de.json'),
  it: () => import('../locales/it.json'),
  es: () => import('../locales/es.json'),
};

// Each feature keeps its own texts in src/features/<name>/locales/<language>.json, read as the i18next
// namespace <name> (`useTranslation('<name>')`), so features never edit one shared file.
const featureEnglish = import.meta.glob<Catalogue>('../features/*/locales/en-gb.json', {
  eager: true,
  import: 'default',
});
const featureLoaders = import.meta.glob<Catalogue>('../features/*/locales/*.json', { import: 'default' });

/** The feature a locale file belongs to: '../features/checkin/locales/de.json' → 'checkin'. */
export const featureOf = (path: string): string => path.split('/features/')[1]?.split('/')[0] ?? '';
const featureLanguageOf = (path: string): string => path.split('/locales/')[1]?.replace('.json', '') ?? '';

const translator = createTranslator({
  language: DEFAULT_LANGUAGE,
  fallbackLanguage: DEFAULT_LANGUAGE,
  defaultNamespace: 'translation',
  resources: {
    [DEFAULT_LANGUAGE]: {
      translation: enGb,
      ...Object.fromEntries(Object.entries(featureEnglish).map(([path, texts]) => [featureOf(path), texts])),
    },
  },
});

/**
 * The app's translator (translator.ts) under i18next's type: the screens and tests are written
 * against react-i18next's API, which react-i18n.tsx serves with this object at run time. Only the
 * subset translator.ts implements exists; the web suite is the check (decision 0078, step 3).
 */
export const i18n = translator as unknown as I18next;

// The page's lang attribute in canonical BCP 47 form ('en-GB'), for screen readers and hyphenation.
translator.on('languageChanged', (language) => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = Intl.getCanonicalLocales(language)[0] ?? language;
});

/** Picks the first supported language of a preference list ('de-AT' → 'de', 'en-US' → 'en-gb'). */
export function matchLanguage(preferences: readonly (string | null | undefined)[]): Language | undefined {
  for (const preference of preferences) {
    if (!preference) continue;
    const tag = preference.trim().toLowerCase().replace('_', '-');
    if ((Language as readonly string[]).includes(tag)) return tag as Language;
    const base = tag.split('-')[0];
    if (base === 'en') return 'en-gb';
    const match = Language.find((language) => language === base);
    if (match) return match;
  }
  return undefined;
}

/** Loads a language's texts when needed and switches to it. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en-gb' && !translator.hasResourceBundle(language, 'translation')) {
    const catalogue = await loaders[language]();
    translator.addResourceBundle(language, 'translation', catalogue.default);
    const features = Object.entries(featureLoaders).filter(([path]) => featureLanguageOf(path) === language);
    await Promise.all(
      features.map(async ([path, load]) =>
        translator.addResourceBundle(language, featureOf(path), await load()),
      ),
    );
  }
  await translator.changeLanguage(language);
}

/** The current language as one of the spec's codes. */
export function currentLanguage(): Language {
  return matchLanguage([translator.resolvedLanguage, translator.language]) ?? DEFAULT_LANGUAGE;
}
