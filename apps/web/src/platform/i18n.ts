import { DEFAULT_LANGUAGE, Language } from '@venue-voice/domain';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGb from '../locales/en-gb.json';
import { byFeature, type Catalogue, featureOf } from '../locales/namespaces';

// en-gb ships in the main bundle because it is the fallback; the others load only when chosen, each
// language whole in one chunk (src/locales/texts-<language>.ts, decision 0133).
const languages: Record<
  Exclude<Language, 'en-gb'>,
  () => Promise<{ default: Catalogue; features: Record<string, Catalogue> }>
> = {
  de: () => import('../locales/texts-de'),
  it: () => import('../locales/texts-it'),
  es: () => import('../locales/texts-es'),
};

// The features only a venue's tablet shows (device-mode.md): a guest's phone never needs their English
// texts, so they load with the tablet's start and screens (loadTabletTexts), in a chunk of their own.
// The survey's features (questions and every step after them) are not on the first screen either: their
// English loads with the survey's routes (loadSurveyTexts), so the first screen carries the check-in's only.
const guestEnglish = import.meta.glob<Catalogue>(
  [
    '../features/*/locales/en-gb.json',
    '!../features/{app-update,device,device-sync,kiosk,team}/**',
    '!../features/{questions,checkout,sharing,upload}/**',
  ],
  { eager: true, import: 'default' },
);
const tabletEnglish = import.meta.glob<Catalogue>(
  '../features/{app-update,device,device-sync,kiosk,team}/locales/en-gb.json',
  { import: 'default' },
);
const surveyEnglish = import.meta.glob<Catalogue>(
  '../features/{questions,checkout,sharing,upload}/locales/en-gb.json',
  { import: 'default' },
);

const englishResources: Resource = {
  [DEFAULT_LANGUAGE]: { translation: enGb, ...byFeature(guestEnglish) },
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
    const texts = await languages[language]();
    for (const [namespace, catalogue] of Object.entries(byFeature(texts.features)))
      i18n.addResourceBundle(language, namespace, catalogue);
    // 'translation' last: it is what the check above takes as "this language is loaded".
    i18n.addResourceBundle(language, 'translation', texts.default);
  }
  await i18n.changeLanguage(language);
}

/**
 * Adds a group of English catalogues once per page: a failed download is tried again by the next caller.
 */
function englishLoader(files: Record<string, () => Promise<Catalogue>>): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= Promise.all(
      Object.entries(files).map(async ([path, load]) => {
        i18n.addResourceBundle(DEFAULT_LANGUAGE, featureOf(path), await load());
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

/**
 * The English texts (also every other language's fallback) of the questions and the steps after them:
 * in the survey's routes, beside each screen's code.
 */
export const loadSurveyTexts = englishLoader(surveyEnglish);

const tabletOwnTexts = englishLoader(tabletEnglish);

/**
 * The English texts of the tablet's own features and of the survey it runs (a tablet keeps working
 * offline, and its team screen shares the photo step's texts): before a tablet's first screen (the device
 * shell) and in the routes of its screens.
 */
export const loadTabletTexts = (): Promise<void> =>
  Promise.all([tabletOwnTexts(), loadSurveyTexts()]).then(() => undefined);

/** The current language as one of the spec's codes. */
export function currentLanguage(): Language {
  return matchLanguage([i18n.resolvedLanguage, i18n.language]) ?? DEFAULT_LANGUAGE;
}
