import { EditorMessageKey, Language } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import de from '../../locales/texts-de';
import enGb from '../../locales/texts-en-gb';
import es from '../../locales/texts-es';
import it_ from '../../locales/texts-it';

const catalogues: Record<Language, object> = { 'en-gb': enGb, de, it: it_, es };
const lookup = (catalogue: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('editor fault texts', () => {
  // The editor shows each EditorFault by its catalogue key next to its field (issue 31 item 3).
  it.each(Language)('O15.24 %s has a text for every editor fault', (language) => {
    const missing = EditorMessageKey.filter(
      (key) =>
        typeof lookup(catalogues[language], key) !== 'string' &&
        typeof lookup(catalogues[language], `${key}_other`) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
