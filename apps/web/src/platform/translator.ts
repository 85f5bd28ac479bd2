/**
 * The app's own text lookup, the part of i18next it used (decision 0078, step 3): nested keys
 * ('a.b'), namespaces ('ns:key' or `{ ns }`), `{{name}}` interpolation, plurals by `count`
 * (`key_one`, `key_other`… from Intl.PluralRules) and a fallback language. ~1 kB instead of
 * i18next with react-i18next (~18 kB gzip) on every first screen. The locale JSON files are unchanged.
 */

export type Catalogue = Record<string, unknown>;
export type TranslateOptions = Record<string, unknown> & { ns?: string | readonly string[]; count?: unknown };
type Listener = (language: string) => void;

const NS_SEPARATOR = ':';
const VARIABLE = /{{\s*([\w.]+)\s*}}/g;

const lookup = (catalogue: Catalogue | undefined, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);

const interpolate = (text: string, values: TranslateOptions): string =>
  text.replace(VARIABLE, (_, name: string) => {
    const value = lookup(values, name);
    // As i18next: a variable the caller did not pass is left empty, never shown as {{name}}.
    return value === undefined || value === null ? '' : String(value);
  });

export function createTranslator(init: {
  language: string;
  fallbackLanguage: string;
  defaultNamespace: string;
  resources: Record<string, Record<string, Catalogue>>;
}) {
  const resources = init.resources;
  const listeners = new Set<Listener>();
  const bundlesOf = (language: string) => {
    resources[language] ??= {};
    return resources[language];
  };
  const plurals = new Map<string, Intl.PluralRules>();
  const pluralOf = (language: string, count: number) => {
    const rules = plurals.get(language) ?? new Intl.PluralRules(language);
    plurals.set(language, rules);
    return rules.select(count);
  };

  /** The keys to try in one language, most specific first (i18next's order, then `_other`). */
  const candidates = (key: string, language: string, count: unknown): string[] => {
    if (typeof count !== 'number') return [key];
    const keys = [`${key}_${pluralOf(language, count)}`, `${key}_other`, key];
    return count === 0 ? [`${key}_zero`, ...keys] : keys;
  };

  /** The text of `key` in the first namespace and language that has it, or undefined. */
  const resolve = (
    rawKey: string,
    namespaces: readonly string[],
    language: string,
    count: unknown,
  ): { text: string; key: string } | { text: undefined; key: string } => {
    const at = rawKey.indexOf(NS_SEPARATOR);
    const key = at > 0 ? rawKey.slice(at + 1) : rawKey;
    const spaces = at > 0 ? [rawKey.slice(0, at)] : namespaces;
    const languages = language === init.fallbackLanguage ? [language] : [language, init.fallbackLanguage];
    for (const ns of spaces) {
      for (const lng of languages) {
        for (const candidate of candidates(key, lng, count)) {
          const found = lookup(resources[lng]?.[ns], candidate);
          if (typeof found === 'string') return { text: found, key };
        }
      }
    }
    return { text: undefined, key };
  };

  /** The namespaces to search, in order: the call's `ns` (one or a list), else the bound ones. */
  const namespacesOf = (
    options: TranslateOptions | undefined,
    fixed?: readonly string[],
  ): readonly string[] => {
    const ns = options?.ns;
    if (ns) return typeof ns === 'string' ? [ns] : ns;
    return fixed ?? [init.defaultNamespace];
  };

  const translator = {
    language: init.language,
    resolvedLanguage: init.language,
    /** The text of a key in the current language (else the fallback's); a missing key answers itself. */
    t: (key: string, options?: TranslateOptions): string =>
      translator.getFixedT(translator.language)(key, options),
    /** A `t` bound to one language and namespace list, as react-i18next hands to components. */
    getFixedT:
      (language: string, namespaces?: string | readonly string[]) =>
      (key: string, options?: TranslateOptions): string => {
        const fixed = typeof namespaces === 'string' ? [namespaces] : namespaces;
        const found = resolve(key, namespacesOf(options, fixed), language, options?.count);
        return found.text === undefined ? found.key : interpolate(found.text, options ?? {});
      },
    exists: (key: string, options?: TranslateOptions): boolean =>
      resolve(key, namespacesOf(options), translator.language, options?.count).text !== undefined,
    hasResourceBundle: (language: string, ns: string): boolean => resources[language]?.[ns] !== undefined,
    addResourceBundle: (language: string, ns: string, texts: Catalogue) => {
      const bundles = bundlesOf(language);
      bundles[ns] = { ...bundles[ns], ...texts };
      return translator;
    },
    /** Sets one text by its dotted key (tests add a text that exists in one language only). */
    addResource: (language: string, ns: string, key: string, value: string) => {
      const parts = key.split('.');
      const last = parts.pop() as string;
      const bundles = bundlesOf(language);
      bundles[ns] ??= {};
      let node = bundles[ns];
      for (const part of parts) {
        node[part] ??= {};
        node = node[part] as Catalogue;
      }
      node[last] = value;
      return translator;
    },
    changeLanguage: async (language: string) => {
      const lng = language.toLowerCase();
      translator.language = lng;
      translator.resolvedLanguage = lng;
      for (const listener of [...listeners]) listener(lng);
      return translator.t;
    },
    on: (event: 'languageChanged', listener: Listener) => {
      if (event === 'languageChanged') listeners.add(listener);
      return translator;
    },
    off: (event: 'languageChanged', listener: Listener) => {
      if (event === 'languageChanged') listeners.delete(listener);
      return translator;
    },
  };
  return translator;
}

export type Translator = ReturnType<typeof createTranslator>;
