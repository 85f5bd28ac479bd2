import { Language, missingTexts, type SurveyDocument, type Translations } from '@venue-voice/domain';

/** What the translations screen changes in a document: the languages offered and the other languages' texts. */
export interface TranslationWork {
  languages: Language[];
  translations: Translations;
  dirty: boolean;
}

export type TranslationChange =
  | { type: 'text'; language: Language; key: string; text: string }
  | { type: 'offer'; languages: readonly string[]; own: Language }
  | { type: 'saved'; sent: TranslationWork };

export const workOf = (doc: SurveyDocument): TranslationWork => ({
  languages: doc.languages,
  translations: doc.translations,
  dirty: false,
});

/**
 * One change to the work, as a new value. Only the edited language's texts are copied, so the other
 * languages keep their identity (their missing lists stay cached) and a keystroke costs one small copy.
 */
export function changeWork(work: TranslationWork, change: TranslationChange): TranslationWork {
  switch (change.type) {
    case 'text': {
      const { [change.key]: _old, ...others } = work.translations[change.language] ?? {};
      const texts = change.text === '' ? others : { ...others, [change.key]: change.text };
      return { ...work, translations: { ...work.translations, [change.language]: texts }, dirty: true };
    }
    case 'offer': {
      // In the app's order; O15.21: the survey's own language is always offered.
      const languages = Language.filter(
        (language) => language === change.own || change.languages.includes(language),
      );
      return { ...work, languages, dirty: true };
    }
    case 'saved':
      // What was typed while the save was on its way is still unsaved.
      return work.translations === change.sent.translations && work.languages === change.sent.languages
        ? { ...work, dirty: false }
        : work;
  }
}

/** The document to save: the loaded survey and questions with the work's languages and texts. */
export const documentWith = (doc: SurveyDocument, work: TranslationWork): SurveyDocument => ({
  ...doc,
  languages: work.languages,
  translations: work.translations,
});

const NONE: Record<string, string> = {};

/**
 * O15.22 The keys `language` lacks, by the domain's `missingTexts`, remembered per texts object: while one
 * language is typed in, the others are not counted again.
 */
export function missingCounter(doc: Pick<SurveyDocument, 'format' | 'survey' | 'questions'>) {
  const seen = new WeakMap<object, string[]>();
  return (work: TranslationWork, language: Language): string[] => {
    const texts = work.translations[language] ?? NONE;
    const known = seen.get(texts);
    if (known) return known;
    const missing = missingTexts(
      { ...doc, languages: work.languages, translations: { [language]: texts } },
      language,
    );
    seen.set(texts, missing);
    return missing;
  };
}
