import { Language } from '@venue-voice/domain';
import de from '../../web/src/locales/de.json';
import enGb from '../../web/src/locales/en-gb.json';
import es from '../../web/src/locales/es.json';
import it from '../../web/src/locales/it.json';

// The web app's catalogues: the tablet translates a field entry's `message` key with its `params`.
const catalogues: Record<Language, unknown> = { 'en-gb': enGb, de, es, it };

const textOf = (catalogue: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/**
 * What is wrong with an answer's `detail.fields` for the screen: an entry whose message is no text in
 * some locale, or whose text reads a value the entry's params do not give ("{{count}}" on screen).
 */
export function untranslated(fields: unknown): string[] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: { message?: unknown; params?: Record<string, unknown> }) =>
    Language.flatMap((language) => {
      const text = textOf(catalogues[language], String(entry.message));
      if (typeof text !== 'string' || text.trim() === '')
        return [`${language}: no text for ${entry.message}`];
      const given = Object.keys(entry.params ?? {}).sort();
      return variables(text).every((name) => given.includes(name ?? ''))
        ? []
        : [`${language}: ${entry.message} reads ${variables(text)} but params are ${given}`];
    }),
  );
}
