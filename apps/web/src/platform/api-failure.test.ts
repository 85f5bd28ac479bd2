import { describe, expect, it } from 'vitest';
import {
  failureCode,
  failureMessage,
  formFieldFailures,
  guestMessage,
  isRetryable,
  isUnknownSlug,
  retryAfterMinutes,
} from './api-failure';

const failure = (status: number, code: number) => ({ status, code, message: 'x' });

describe('API failures', () => {
  it.each([
    [failure(404, 10013), true],
    [failure(404, 10012), true],
    [failure(404, 10011), true],
    [failure(404, 10002), false],
    [failure(500, 10001), false],
    [new TypeError('Failed to fetch'), false],
  ])('unknown slug: %j → %s', (error, expected) => {
    expect(isUnknownSlug(error)).toBe(expected);
  });

  it.each([
    [failure(500, 10001), true],
    [failure(503, 10021), true],
    [failure(400, 10009), false],
    [failure(404, 10013), false],
    [{ status: 429 }, true],
    [{ status: 502 }, true],
    [{ status: 0 }, true],
    [new TypeError('Failed to fetch'), true],
  ])('retryable: %j → %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });

  it('reads codes only when they are numbers', () => {
    expect(failureCode({ code: '10013' })).toBeUndefined();
    expect(failureCode(null)).toBeUndefined();
    expect(failureCode({ code: 10013 })).toBe(10013);
  });

  it('G8: the server message shows only when it is meant for the screen', () => {
    expect(guestMessage({ ...failure(409, 10031), message: 'Used', ui: true })).toBe('Used');
    expect(guestMessage({ ...failure(409, 10031), message: 'Used', ui: false })).toBeNull();
    expect(guestMessage({ ui: true, message: 7 })).toBeNull();
    expect(guestMessage(null)).toBeNull();
  });

  it.each([
    ['meant for the screen', { status: 409, ui: true, message: 'Used' }, 'Used'],
    ['never reached the API', { status: 0, message: 'Failed to fetch' }, 'Failed to fetch'],
    ['an answer not meant for the screen', { status: 500, message: 'Internal' }, null],
    ['a thrown TypeError (no status)', new TypeError('Failed to fetch'), null],
    ['nothing', undefined, null],
  ])('G8 failure message, %s → %j', (_name, error, expected) => {
    expect(failureMessage(error)).toBe(expected);
  });
});

const refused = (fields: unknown, code = 10025) => ({ ...failure(400, code), detail: { fields } });

describe('10025 field failures (decision 0022)', () => {
  it.each([
    [
      'each entry by the last part of its field, with its params',
      refused([
        { field: 'payload.contact.email', in: 'body', message: 'form.email' },
        { field: 'pinCode', message: 'form.minLength', params: { min: 4 } },
      ]),
      [
        { field: 'email', message: 'form.email' },
        { field: 'pinCode', message: 'form.minLength', params: { min: 4 } },
      ],
    ],
    [
      'an entry without a field',
      refused([{ message: 'staff.lastManager' }]),
      [{ field: '', message: 'staff.lastManager' }],
    ],
    ['an entry without a text is left out', refused([{ field: 'email', message: 3 }, null]), []],
    ['a 10025 without fields', { ...failure(400, 10025), detail: null }, []],
    ['another code', refused([{ field: 'email', message: 'form.email' }], 10009), []],
    ['a network failure', new TypeError('Failed to fetch'), []],
  ])('%s', (_name, error, expected) => {
    expect(formFieldFailures(error)).toEqual(expected);
  });
});

describe('too many tries (429 10021, decision 0051)', () => {
  const limited = (status: number, code: number, detail: unknown) => ({ status, code, detail });
  it.each([
    [limited(429, 10021, { retryAfterSeconds: 840 }), 14],
    [limited(429, 10021, { retryAfterSeconds: 61 }), 2],
    [limited(429, 10021, { retryAfterSeconds: 1 }), 1],
    [limited(429, 10021, null), 1],
    [limited(429, 10021, { retryAfterSeconds: 'soon' }), 1],
    [limited(503, 10021, { retryAfterSeconds: 60 }), null],
    [limited(429, 10009, { retryAfterSeconds: 60 }), null],
    [new Error('offline'), null],
  ])('%j waits %s minutes', (error, minutes) => {
    expect(retryAfterMinutes(error)).toBe(minutes);
  });
});
