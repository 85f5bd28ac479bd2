import {
  englishPluralKey,
  Language,
  MessageKey,
  maxChars,
  maxValue,
  minChars,
  minValue,
  pluralKeys,
  validateEmail,
} from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import enGb from './en-gb.json';
import es from './es.json';
import it_ from './it.json';

const catalogues: Record<Language, unknown> = { 'en-gb': enGb, de, it: it_, es };

/** 'a.b' → text, for nested catalogues. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(enGb);

// Feature texts: src/features/<name>/locales/<language>.json, one i18next namespace per feature.
const featureFiles = import.meta.glob<Record<string, unknown>>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});
const featureCatalogues = new Map<string, Partial<Record<Language, unknown>>>();
for (const [path, texts] of Object.entries(featureFiles)) {
  const feature = path.split('/features/')[1]?.split('/')[0] ?? '';
  const language = path.split('/locales/')[1]?.replace('.json', '') as Language;
  featureCatalogues.set(feature, { ...featureCatalogues.get(feature), [language]: texts });
}

describe.each([...featureCatalogues])('feature texts of %s', (_feature, byLanguage) => {
  const englishTexts = flatten(byLanguage['en-gb']);
  it.each(Language)(
    '%s has exactly the keys of en-gb (plurals in its forms), all non-empty, same {{variables}}',
    (language) => {
      const texts = flatten(byLanguage[language]);
      expect([...texts.keys()].sort()).toEqual(pluralKeys([...englishTexts.keys()], language));
      for (const [key, text] of texts) {
        expect(typeof text, key).toBe('string');
        expect(String(text).trim(), key).not.toBe('');
        expect(String(text), key).not.toMatch(/not implemented/i);
        expect(variables(text), key).toEqual(variables(englishTexts.get(englishPluralKey(key))));
      }
    },
  );
});

describe('locales', () => {
  it('en-gb defines every message key of the domain catalogue (G8, D8)', () => {
    const missing = MessageKey.filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Language)('%s has exactly the keys of en-gb, each plural in its language’s forms', (language) => {
    const keys = [...flatten(catalogues[language]).keys()].sort();
    expect(keys).toEqual(pluralKeys([...english.keys()], language));
  });

  it.each(Language)('%s has real texts: non-empty strings, no placeholders', (language) => {
    for (const [key, text] of flatten(catalogues[language])) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
      expect(String(text), key).not.toMatch(/not implemented/i);
    }
  });

  it.each(Language.filter((l) => l !== 'en-gb'))('%s uses the same {{variables}} as en-gb', (language) => {
    for (const [key, text] of flatten(catalogues[language])) {
      expect(variables(text), key).toEqual(variables(english.get(englishPluralKey(key))));
    }
  });

  it.each(Language.filter((l) => l !== 'en-gb'))('%s is translated, not copied from en-gb', (language) => {
    const texts = flatten(catalogues[language]);
    // The product name stays as it is; everything else must differ from English.
    const copied = [...english].filter(([key, text]) => key !== 'app.name' && texts.get(key) === text);
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

// The domain's form checks name their params (count, n, …); a text must use those names, or the guest
// would read "{{min}}" on screen.
describe('form texts use the params the domain sends', () => {
  const checks = [
    minChars(3)('ab'),
    maxChars(2)('abc'),
    minValue(5)('1'),
    maxValue(5)('9'),
    validateEmail('a'.repeat(300)),
  ];
  it.each(checks.map((check) => [check?.key, check?.params]))('%s with %j', (key, params) => {
    for (const language of Language) {
      const text = flatten(catalogues[language]).get(String(key));
      expect(variables(text), `${language} ${key}`).toEqual(Object.keys(params ?? {}).sort());
    }
  });
});
