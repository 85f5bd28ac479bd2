import { DEFAULT_LANGUAGE, Language } from '@venue-voice/domain';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGb from '../locales/en-gb.json';

type Catalogue = ResourceLanguage[string];

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

const englishResources: Resource = {
  [DEFAULT_LANGUAGE]: {
    translation: enGb,
    ...Object.fromEntries(Object.entries(featureEnglish).map(([path, texts]) => [featureOf(path), texts])),
  },
};

/** The app's i18next instance; the screens reach it through react-i18next's `useTranslation`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: Object.keys(englishResources[DEFAULT_LANGUAGE] ?? {}),
  resources: englishResources,
  // Other languages are added by setLanguage as their chunks arrive.
  partialBundledLanguages: true,
  // The spec's codes are lower case ('en-gb'); i18next would otherwise look for 'en-GB' and then 'en'.
  lowerCaseLng: true,
  load: 'currentOnly',
  // Resources are in memory: ready before the first render, no tick later.
  initAsync: false,
  // React escapes what it renders; i18next escaping too would show '&amp;' to the guest.
  interpolation: { escapeValue: false },
  // A variable the caller did not pass shows as nothing, never as '{{name}}' to a guest.
  missingInterpolationHandler: () => '',
  returnNull: false,
});

// The page's lang attribute in canonical BCP 47 form ('en-GB'), for screen readers and hyphenation.
i18n.on('languageChanged', (language) => {
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

/** Loads a language's texts (every namespace, one chunk: decision 0133) when needed and switches to it. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en-gb' && !i18n.hasResourceBundle(language, 'translation')) {
    const features = Object.entries(featureLoaders).filter(([path]) => featureLanguageOf(path) === language);
    const [catalogue, ...featureTexts] = await Promise.all([
      loaders[language](),
      ...features.map(([, load]) => load()),
    ]);
    features.forEach(([path], index) => {
      i18n.addResourceBundle(language, featureOf(path), featureTexts[index] as Catalogue);
    });
    // 'translation' last: it is what the check above takes as "this language is loaded".
    i18n.addResourceBundle(language, 'translation', (catalogue as { default: Catalogue }).default);
  }
  await i18n.changeLanguage(language);
}

/** The current language as one of the spec's codes. */
export function currentLanguage(): Language {
  return matchLanguage([i18n.resolvedLanguage, i18n.language]) ?? DEFAULT_LANGUAGE;
}
