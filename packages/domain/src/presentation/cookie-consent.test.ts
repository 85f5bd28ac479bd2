import { describe, expect, it } from 'vitest';
import {
  consentDecision,
  consentUpdate,
  isConsented,
  needsConsentPrompt,
  parseStoredConsent,
} from './cookie-consent';

const DAY = 86_400_000;
const now = Date.UTC(2025, 5, 1, 12);

describe('cookie consent', () => {
  it.each([
    ['no decision', null, true],
    ['today', 0, false],
    ['89 days old', 89 * DAY, false],
    ['a millisecond short of 90 days', 90 * DAY - 1, false],
    ['exactly 90 days old', 90 * DAY, true],
    ['a year old', 365 * DAY, true],
    ['dated in the future', -DAY, true],
  ])('G4.70 a decision %s: asked again %s', (_name, age, asked) => {
    const stored = age === null ? null : consentDecision(true, now - age);
    expect(needsConsentPrompt({ appMode: false, stored, now })).toBe(asked);
    expect(isConsented({ appMode: false, stored, now })).toBe(!asked);
  });

  it('G4.70 a declined decision holds but is not consent', () => {
    const stored = consentDecision(false, now - DAY);
    expect(needsConsentPrompt({ appMode: false, stored, now })).toBe(false);
    expect(isConsented({ appMode: false, stored, now })).toBe(false);
  });

  it.each([null, consentDecision(false, now), consentDecision(true, now - 400 * DAY)])(
    'G4.71 app mode is always consented and never asked (stored %j)',
    (stored) => {
      expect(needsConsentPrompt({ appMode: true, stored, now })).toBe(false);
      expect(isConsented({ appMode: true, stored, now })).toBe(true);
    },
  );

  it.each([
    [JSON.stringify({ consented: true, timestamp: 5 }), { consented: true, timestamp: 5 }],
    [JSON.stringify(consentDecision(false, now)), { consented: false, timestamp: now }],
    [null, null],
    ['', null],
    ['not json', null],
    ['null', null],
    ['{"consented":"yes","timestamp":5}', null],
    ['{"consented":true}', null],
  ])('G4.70 stored value %j reads as %j', (raw, parsed) => {
    expect(parseStoredConsent(raw)).toEqual(parsed);
  });

  it.each([
    [true, 'granted'],
    [false, 'denied'],
  ] as const)('G4.72 consent %s updates all four storages to %s', (consented, value) => {
    expect(consentUpdate(consented)).toEqual({
      analytics_storage: value,
      ad_storage: value,
      ad_user_data: value,
      ad_personalization: value,
    });
  });
});
