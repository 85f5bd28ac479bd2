import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's text catalogues as the app reads them: `translation` plus one namespace per feature. */

export const LANGUAGES = ['en-gb', 'de', 'it', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
type Catalogue = { [key: string]: string | Catalogue };

const web = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
const read = (path: string): Catalogue => JSON.parse(readFileSync(path, 'utf8'));

/** Namespace → catalogue for one language. */
export function catalogues(language: Language): Map<string, Catalogue> {
  const all = new Map<string, Catalogue>([['translation', read(join(web, 'locales', `${language}.json`))]]);
  for (const feature of readdirSync(join(web, 'features'))) {
    try {
      all.set(feature, read(join(web, 'features', feature, 'locales', `${language}.json`)));
    } catch {
      // A feature without texts.
    }
  }
  return all;
}

/** Every text of a catalogue by its dotted key path. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else for (const [path, text] of flatten(value, `${prefix}${key}.`)) texts.set(path, text);
  }
  return texts;
}

/** A text by namespace and key path, for finding controls by their name in any language. */
export function text(language: Language, namespace: string, path: string): string {
  const found = flatten(catalogues(language).get(namespace) ?? {}).get(path);
  if (found === undefined) throw new Error(`No text ${namespace}:${path} in ${language}`);
  return found;
}

/**
 * What a missing text shows instead (i18next shows the key it was asked for): every key path with a dot
 * (plural suffixes dropped, as the app asks without them) and every `namespace:key`.
 */
export function rawKeys(): Set<string> {
  const keys = new Set<string>();
  for (const [namespace, catalogue] of catalogues('en-gb')) {
    for (const path of flatten(catalogue).keys()) {
      for (const key of new Set([path, path.replace(/_(zero|one|two|few|many|other)$/, '')])) {
        if (key.includes('.')) keys.add(key);
        keys.add(`${namespace}:${key}`);
      }
    }
  }
  return keys;
}

/**
 * English texts that would only show in another language if its text were missing (an English
 * fallback): the ones of two words or more and 15 characters or more (for a text with placeholders,
 * its longest fixed part) that the language words differently.
 */
export function englishOnly(language: Language): string[] {
  if (language === 'en-gb') return [];
  const own = catalogues(language);
  const found: string[] = [];
  for (const [namespace, catalogue] of catalogues('en-gb')) {
    const translated = flatten(own.get(namespace) ?? {});
    for (const [path, english] of flatten(catalogue)) {
      if (translated.get(path) === english) continue;
      // A text with placeholders is looked for by its longest fixed part.
      const fixed = english
        .split(/\{\{[^}]*\}\}/)
        .reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '');
      if (fixed.length >= 15 && fixed.includes(' ')) found.push(fixed);
    }
  }
  return found;
}
