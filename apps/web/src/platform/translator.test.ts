import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

const make = () =>
  createTranslator({
    language: 'en-gb',
    fallbackLanguage: 'en-gb',
    defaultNamespace: 'translation',
    resources: {
      'en-gb': {
        translation: {
          greeting: 'Hello {{name}}',
          nested: { title: 'Title' },
          items_one: '{{count}} item',
          items_other: '{{count}} items',
          onlyEnglish: 'Only English',
        },
        checkin: { heading: 'Check in', deep: { value: 'Value {{ a.b }}' } },
      },
      de: {
        translation: {
          greeting: 'Hallo {{name}}',
          items_one: '{{count}} Artikel',
          items_other: '{{count}} Artikel',
        },
      },
    },
  });

describe('translator (the subset of i18next the app uses)', () => {
  it('reads nested keys and interpolates variables, leaving a missing one empty', () => {
    const i18n = make();
    expect(i18n.t('nested.title')).toBe('Title');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Hello Ann');
    expect(i18n.t('greeting')).toBe('Hello ');
    expect(i18n.t('checkin:deep.value', { a: { b: 7 } })).toBe('Value 7');
  });

  it('picks the plural form of the language by count', () => {
    const i18n = make();
    expect(i18n.t('items', { count: 1 })).toBe('1 item');
    expect(i18n.t('items', { count: 0 })).toBe('0 items');
    expect(i18n.t('items', { count: 3 })).toBe('3 items');
  });

  it('finds a namespace by prefix or option, and a fixed t keeps its namespace', () => {
    const i18n = make();
    expect(i18n.t('checkin:heading')).toBe('Check in');
    expect(i18n.t('heading', { ns: 'checkin' })).toBe('Check in');
    const t = i18n.getFixedT('en-gb', 'checkin');
    expect(t('heading')).toBe('Check in');
    expect(t('greeting', { ns: 'translation', name: 'Bo' })).toBe('Hello Bo');
    expect(t('translation:nested.title')).toBe('Title');
    expect(t('nested.title', { ns: ['checkin', 'translation'] })).toBe('Title');
  });

  it('falls back to en-gb for a key missing in the language, and answers a key found nowhere', async () => {
    const i18n = make();
    await i18n.changeLanguage('de');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Hallo Ann');
    expect(i18n.t('onlyEnglish')).toBe('Only English');
    expect(i18n.t('checkin:nowhere.key')).toBe('nowhere.key');
    expect(i18n.exists('onlyEnglish')).toBe(true);
    expect(i18n.exists('nowhere')).toBe(false);
  });

  it('tells listeners of a language change and adds texts', async () => {
    const i18n = make();
    const listener = vi.fn();
    i18n.on('languageChanged', listener);
    await i18n.changeLanguage('it');
    expect(listener).toHaveBeenCalledWith('it');
    expect(i18n.hasResourceBundle('it', 'translation')).toBe(false);
    i18n.addResourceBundle('it', 'translation', { greeting: 'Ciao {{name}}' });
    i18n.addResource('it', 'translation', 'nested.title', 'Titolo');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Ciao Ann');
    expect(i18n.t('nested.title')).toBe('Titolo');
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('en-gb');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
