import { APP_VERSION } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

describe('web environment', () => {
  it('defaults to the page origin and names the client with the app version', () => {
    expect(readEnv({})).toEqual({
      apiBaseUrl: '',
      clientId: `venue-voice-web/${APP_VERSION}`,
      appVersion: APP_VERSION,
      gtmId: null,
      recaptchaSiteKey: null,
      errorReportUrl: null,
    });
  });

  it('leaves the tag manager, bot protection and error reporting off when set to empty', () => {
    const off = { VITE_GTM_ID: '', VITE_RECAPTCHA_SITE_KEY: '', VITE_ERROR_REPORT_URL: '' };
    expect(readEnv(off)).toMatchObject({ gtmId: null, recaptchaSiteKey: null, errorReportUrl: null });
  });

  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['/feedback', '/feedback'],
  ])('accepts the API base %s', (value, expected) => {
    expect(readEnv({ VITE_API_BASE_URL: value }).apiBaseUrl).toBe(expected);
  });

  it.each(['ftp://example.com', 'api.example.com', 'https://exa mple.com', 42])(
    'rejects the API base %s',
    (value) => {
      expect(() => readEnv({ VITE_API_BASE_URL: value })).toThrow(EnvError);
    },
  );
});

const SITE_KEY = '6LcA1b2CAAAAAD3eFgHiJkLmNoPqRsTuVwXyZ0_-';

describe('web environment: optional services', () => {
  it.each(['GTM-ABC1234', ' GTM-K9X2 '])('accepts the tag manager container %j', (value) => {
    expect(readEnv({ VITE_GTM_ID: value }).gtmId).toBe(value.trim());
  });

  it.each(['ABC1234', 'gtm-abc1234', 'GTM-', 'G-ABC1234', 'GTM-ABC 123', 42])(
    'rejects the tag manager container %j',
    (value) => {
      expect(() => readEnv({ VITE_GTM_ID: value })).toThrow(/VITE_GTM_ID/);
    },
  );

  it('accepts a reCAPTCHA site key of 40 characters', () => {
    expect(readEnv({ VITE_RECAPTCHA_SITE_KEY: SITE_KEY }).recaptchaSiteKey).toBe(SITE_KEY);
  });

  it.each([SITE_KEY.slice(1), `${SITE_KEY}x`, `${SITE_KEY.slice(1)}!`, true])(
    'rejects the reCAPTCHA site key %j',
    (value) => {
      expect(() => readEnv({ VITE_RECAPTCHA_SITE_KEY: value })).toThrow(/VITE_RECAPTCHA_SITE_KEY/);
    },
  );

  it.each([
    'https://errors.example.com/report',
    'https://errors.example.com',
    '/api/client-errors',
    'http://localhost:9000/errors',
    'http://127.0.0.1/errors',
  ])('accepts the error report URL %s', (value) => {
    expect(readEnv({ VITE_ERROR_REPORT_URL: value }).errorReportUrl).toBe(value);
  });

  it.each([
    'http://errors.example.com/report',
    '//errors.example.com/report',
    'errors.example.com',
    'ftp://errors.example.com',
    'https://exa mple.com/x',
    'javascript:alert(1)',
  ])('rejects the error report URL %s', (value) => {
    expect(() => readEnv({ VITE_ERROR_REPORT_URL: value })).toThrow(/VITE_ERROR_REPORT_URL/);
  });

  it('lists every problem at once', () => {
    const error = (() => {
      try {
        readEnv({
          VITE_API_BASE_URL: 42,
          VITE_GTM_ID: 'x',
          VITE_RECAPTCHA_SITE_KEY: 'y',
          VITE_ERROR_REPORT_URL: 'z',
        });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'VITE_API_BASE_URL',
      'VITE_GTM_ID',
      'VITE_RECAPTCHA_SITE_KEY',
      'VITE_ERROR_REPORT_URL',
    ]);
  });
});
