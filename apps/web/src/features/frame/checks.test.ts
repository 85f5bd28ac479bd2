import { describe, expect, it } from 'vitest';
import { type BrowserScope, missingFeatures } from './outdated-browser';

const storage = (): BrowserScope['sessionStorage'] => ({
  setItem: () => undefined,
  removeItem: () => undefined,
});
const complete = (): BrowserScope => ({
  crypto: { randomUUID: () => 'id' },
  fetch: () => undefined,
  AbortController: class {},
  sessionStorage: storage(),
});

describe('what the app needs from a browser that runs it (G8, decision 0071)', () => {
  it.each<[string, Partial<BrowserScope>, string[]]>([
    ['everything', {}, []],
    [
      'no randomUUID (Safari before 15.4, or a page not served over https)',
      { crypto: {} },
      ['crypto.randomUUID'],
    ],
    ['no crypto', { crypto: undefined }, ['crypto.randomUUID']],
    ['no fetch', { fetch: undefined }, ['fetch']],
    ['no AbortController', { AbortController: undefined }, ['AbortController']],
    ['no sessionStorage', { sessionStorage: undefined }, ['sessionStorage']],
    [
      'a sessionStorage that refuses writes (private mode)',
      {
        sessionStorage: {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
          removeItem: () => undefined,
        },
      },
      ['sessionStorage'],
    ],
  ])('%s', (_case, changes, expected) => {
    expect(missingFeatures({ ...complete(), ...changes })).toEqual(expected);
  });
});
