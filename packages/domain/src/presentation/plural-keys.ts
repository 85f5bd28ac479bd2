/**
 * The text keys a language's catalogue needs for the English ones (i18next's plural suffixes). English
 * writes `x_one` and `x_other`; i18next asks for the language's own CLDR categories: Italian and Spanish
 * also have `many` (1,000,000 and up), and a missing `x_many` showed the English text, or the bare key, in
 * an Italian or Spanish screen. So every plural's base gets each category its language has.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The English key a language's plural form says the same as: English has only `one` and `other`, so a
 * form it lacks (Italian's and Spanish's `many`) answers to `other`.
 */
export const englishPluralKey = (key: string): string => key.replace(/_(zero|two|few|many)$/, '_other');

export function pluralKeys(englishKeys: readonly string[], language: string): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of englishKeys) {
    const plural = key.match(PLURAL);
    if (!plural) keys.add(key);
    else for (const category of categories) keys.add(`${key.slice(0, plural.index)}_${category}`);
  }
  return [...keys].sort();
}
