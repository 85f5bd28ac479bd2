import { describe, expect, it } from 'vitest';
import { guestShades } from '../presentation/colour';
import { checkCompanySettings, languagesFault, retentionDaysFault } from './company-settings';

describe('company settings (O3.1–O3.3)', () => {
  it.each([
    [['en-gb'], null],
    [['de', 'en-gb', 'it', 'es'], null],
    [[], { key: 'form.required' }],
    [['en-gb', 'fr'], { key: 'setup.language', params: { value: 'fr' } }],
    [['EN-GB'], { key: 'setup.language', params: { value: 'EN-GB' } }],
    [['de', 'de'], { key: 'form.unique' }],
  ])('O3.1 languages %j: %j', (languages, fault) => {
    expect(languagesFault(languages)).toEqual(fault);
  });

  it.each([
    [1, null],
    [7, null],
    [0, { key: 'form.minValue', params: { n: 1 } }],
    [8, { key: 'form.maxValue', params: { n: 7 } }],
    [30, { key: 'form.maxValue', params: { n: 7 } }],
    [2.5, { key: 'form.numeric' }],
    [Number.NaN, { key: 'form.numeric' }],
  ])('O3.2 contact details kept %s days: %j', (days, fault) => {
    expect(retentionDaysFault(days)).toEqual(fault);
  });

  it.each([
    ['#1A2B3C', '#1a2b3c'],
    ['#abc', '#abc'],
    [' #ffcc0080 ', '#ffcc0080'],
    [null, null],
  ])('O3.3 the colour %j is kept as %j', (colour, stored) => {
    const result = checkCompanySettings({ branding: { primaryColour: colour } });
    expect(result).toEqual({ ok: true, value: { primaryColour: stored } });
  });

  it.each(['red', '#12', '#12345', 'rgb(0,0,0)', '#ggg', '', '#1a2b3c;}body{'])(
    'O3.3 the colour %j is refused',
    (colour) => {
      expect(checkCompanySettings({ branding: { accentColour: colour } })).toEqual({
        ok: false,
        faults: [{ field: 'branding.accentColour', key: 'setup.colour' }],
      });
    },
  );

  it.each([
    ['#ffcc00', { text: '#111111', ink: false, ring: false }],
    ['#1a2b3c', { text: '#ffffff', ink: true, ring: true }],
  ])(
    'O3.3 %s gets the guest app’s shades: text on it, 4.5:1 ink and 3:1 ring on white',
    (colour, expected) => {
      const shades = guestShades(colour);
      expect(shades?.text).toBe(expected.text);
      // A colour that reads on white is its own ink and ring; a pale one is shaded.
      expect(shades?.ink === colour).toBe(expected.ink);
      expect(shades?.ring === colour).toBe(expected.ring);
      expect(guestShades('not a colour')).toBeUndefined();
    },
  );

  it.each([
    ['  Bistro Group  ', null],
    ['', 'form.required'],
    ['x'.repeat(101), 'form.maxChars'],
    ['Group \u2066x', 'form.textDirection'],
  ])('O3.4 the company name %j: %s', (name, key) => {
    const result = checkCompanySettings({ name });
    expect(result.ok ? null : result.faults[0]?.key).toBe(key);
  });

  it('checks every part and names each faulty field once; only named parts change', () => {
    expect(
      checkCompanySettings({
        name: '  ',
        languages: [],
        contactRetentionDays: 9,
        branding: { primaryColour: 'blue', logoUrl: null },
      }),
    ).toEqual({
      ok: false,
      faults: [
        { field: 'name', key: 'form.required' },
        { field: 'branding.primaryColour', key: 'setup.colour' },
        { field: 'languages', key: 'form.required' },
        { field: 'contactRetentionDays', key: 'form.maxValue', params: { n: 7 } },
      ],
    });
    expect(checkCompanySettings({ name: ' Bistro Group ', branding: { logoUrl: null } })).toEqual({
      ok: true,
      value: { name: 'Bistro Group', removeLogo: true },
    });
    expect(checkCompanySettings({})).toEqual({ ok: true, value: {} });
  });
});
