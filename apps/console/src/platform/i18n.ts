import { DEFAULT_LANGUAGE, Language } from '@venue-voice/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGb from '../locales/texts-en-gb';

type Catalogue = typeof enGb;

// English is the fallback and ships with the app; the others load when chosen (as in apps/web).
const languages: Record<Exclude<Language, 'en-gb'>, () => Promise<{ default: Catalogue }>> = {
  de: () => import('../locales/texts-de'),
  it: () => import('../locales/texts-it'),
  es: () => import('../locales/texts-es'),
};

/** The console's i18next instance; screens reach it through react-i18next's `useTranslation`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: enGb } },
  partialBundledLanguages: true,
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = Intl.getCanonicalLocales(language)[0] ?? language;
});

/** The first supported language of a preference list ('de-AT' → 'de', 'en-US' → 'en-gb'). */
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

const CHOSEN = 'vv-console-language';

/** The language chosen on this browser before signing in (the picker), if any. */
export function chosenLanguage(): Language | undefined {
  try {
    return matchLanguage([localStorage.getItem(CHOSEN)]);
  } catch {
    return undefined;
  }
}

/** Loads a language's texts when needed, switches to it and remembers it on this browser. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en-gb' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await languages[language]()).default);
  }
  try {
    localStorage.setItem(CHOSEN, language);
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
  await i18n.changeLanguage(language);
}

/** The current language as one of the spec's codes. */
export function currentLanguage(): Language {
  return matchLanguage([i18n.resolvedLanguage, i18n.language]) ?? DEFAULT_LANGUAGE;
}

/** The BCP 47 tag for Intl (dates, numbers) of the current language. */
export const currentLocale = () => Intl.getCanonicalLocales(currentLanguage())[0] ?? 'en-GB';
