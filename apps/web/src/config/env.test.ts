import { APP_VERSION } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

describe('web environment', () => {
  it('defaults to the page origin and names the client with the app version', () => {
    expect(readEnv({})).toEqual({
      apiBaseUrl: '',
      clientId: `venue-voice-web/${APP_VERSION}`,
      appVersion: APP_VERSION,
    });
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
