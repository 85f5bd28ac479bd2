import { describe, expect, it } from 'vitest';
import { currentLanguage, i18n, matchLanguage, setLanguage } from './i18n';

describe('language choice', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['en-US'], 'en-gb'],
    [['EN-GB'], 'en-gb'],
    [['fr-FR', 'es-MX'], 'es'],
    [['it_IT'], 'it'],
    [['fr', 'nl'], undefined],
    [[null, undefined, ''], undefined],
  ])('picks from %j → %s', (preferences, expected) => {
    expect(matchLanguage(preferences)).toBe(expected);
  });

  it('loads a language on demand, switches to it and marks the document', async () => {
    await setLanguage('it');
    expect(currentLanguage()).toBe('it');
    expect(i18n.t('notFound.title')).toBe('Questo sondaggio non esiste o è stato spostato');
    expect(document.documentElement.lang).toBe('it');
    await setLanguage('en-gb');
    expect(i18n.t('notFound.title')).toBe('This survey does not exist or has been moved');
  });

  it('falls back to en-gb for a key missing in the current language', async () => {
    await setLanguage('es');
    i18n.addResource('en-gb', 'translation', 'test.onlyEnglish', 'Only English');
    expect(i18n.t('test.onlyEnglish')).toBe('Only English');
    await setLanguage('en-gb');
  });
});
