import { describe, expect, it } from 'vitest';
import { apiFailure } from '../../test/render-app';
import { contactFieldFaults } from './failures';

const refused = (detail: unknown, code = 10025) => Object.assign(apiFailure(400, code), { detail });

describe('supplement failures (decision 0022)', () => {
  it.each([
    [
      'a 10025 names its contact fields',
      refused({
        fields: [
          { field: 'payload.contact.email', in: 'body', message: 'form.email' },
          { field: 'payload.contact.birthday', in: 'body', message: 'form.futureDate' },
        ],
      }),
      [
        { field: 'email', key: 'form.email' },
        { field: 'birthday', key: 'form.futureDate' },
      ],
    ],
    [
      'a field that is not a contact field is left out',
      refused({ fields: [{ field: 'payload', in: 'body', message: 'form.required' }] }),
      [],
    ],
    [
      'a message that is not a catalogue key is left out',
      refused({ fields: [{ field: 'payload.contact.email', message: 'Invalid email' }] }),
      [],
    ],
    ['a 10025 without detail', refused(null), []],
    [
      'another code is not read as field faults',
      refused({ fields: [{ field: 'payload.contact.email', message: 'form.email' }] }, 10009),
      [],
    ],
    ['a network failure', new TypeError('Failed to fetch'), []],
  ])('%s', (_name, error, expected) => {
    expect(contactFieldFaults(error)).toEqual(expected);
  });
});
