import {
  AUDIT_ACTIONS,
  englishPluralKey,
  Language,
  MessageKey,
  pluralKeys,
  roleAssignmentFault,
} from '@venue-voice/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './texts-de';
import enGb from './texts-en-gb';
import es from './texts-es';
import it_ from './texts-it';

const catalogues: Record<Language, object> = { 'en-gb': enGb, de, it: it_, es };

/** Every key of a catalogue, dotted (`auth.signIn`), with plural suffixes as they are. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

const lookup = (catalogue: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('console texts', () => {
  it.each(Language.filter((language) => language !== 'en-gb'))(
    '%s has exactly the English keys, each plural in its language’s forms',
    (language) => {
      expect(keys(catalogues[language]).sort()).toEqual(pluralKeys(keys(enGb), language));
    },
  );

  it.each(['it', 'es'] as const)(
    '%s counts a million in its own words (its many form), not an empty or English text',
    async (language) => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: language,
        fallbackLng: 'en-gb',
        lowerCaseLng: true,
        resources: { 'en-gb': { translation: enGb }, [language]: { translation: catalogues[language] } },
        interpolation: { escapeValue: false },
      });
      const bases = keys(enGb)
        .filter((key) => key.endsWith('_other'))
        .map((key) => key.slice(0, -6));
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases) {
        const counted = i18n.t(base, { count: 1_000_000, defaultValue: '' });
        expect(counted, base).toBe(i18n.t(`${base}_other`, { count: 1_000_000 }));
      }
    },
  );

  it.each(Language)('%s keeps every {{variable}} of the English text', (language) => {
    const variables = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    // Italian's and Spanish's `_many` says what English's `_other` says.
    for (const key of keys(catalogues[language])) {
      const english = lookup(enGb, englishPluralKey(key));
      expect(variables(lookup(catalogues[language], key)), key).toEqual(variables(english));
    }
  });

  // The team member form shows the domain's D5 messages by their catalogue keys, as the tablet does.
  it.each(Language)('%s has every form.* and team.* message of the domain catalogue', (language) => {
    for (const key of MessageKey.filter((name) => /^(form|team)\./.test(name))) {
      expect(typeof lookup(catalogues[language], key), key).toBe('string');
    }
  });

  // The audit screen falls back to the raw code (`webhook.create`) for an action without a label.
  it.each(Language)('O2.8 %s labels every action the server writes to the audit log', (language) => {
    const unlabelled = AUDIT_ACTIONS.filter(
      (action) => typeof lookup(catalogues[language], `audit.actions.${action}`) !== 'string',
    );
    expect(unlabelled).toEqual([]);
  });

  it.each(Language)('%s has the operator faults the API and O1.5 answer', (language) => {
    const faults = [
      roleAssignmentFault('owner', [1]),
      roleAssignmentFault('manager', []),
      'operator.emailTaken',
    ];
    for (const key of faults)
      expect(typeof lookup(catalogues[language], String(key)), String(key)).toBe('string');
  });
});
