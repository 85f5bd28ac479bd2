import { errorEnvelopeSchema } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { readErrorEnvelope } from './errors';

const envelope = (error: Record<string, unknown>) => ({
  error: { code: 10025, message: 'Display name is taken', detail: null, ui: true, ...error },
});

describe('client: the error envelope read without zod (decision 0078)', () => {
  it.each([
    ['a ui failure with detail', envelope({ detail: { displayName: 'unique' } })],
    ['a failure without detail', envelope({ ui: false })],
    ['extra keys, dropped', { ...envelope({ extra: 1 }), meta: 'x' }],
    ['an unknown code, still an envelope', envelope({ code: 99999 })],
    ['an empty detail', envelope({ detail: {} })],
    ['a fractional code', envelope({ code: 10025.5 })],
    ['a code past the safe integers', envelope({ code: 2 ** 53 })],
    ['a code as text', envelope({ code: '10025' })],
    ['no code', { error: { message: 'm', detail: null, ui: true } }],
    ['a missing message', { error: { code: 1, detail: null, ui: true } }],
    ['a message that is not text', envelope({ message: 42 })],
    ['ui as text', envelope({ ui: 'true' })],
    ['detail missing', { error: { code: 1, message: 'm', ui: true } }],
    ['detail a list', envelope({ detail: ['a'] })],
    ['detail text', envelope({ detail: 'x' })],
    ['error a list', { error: [] }],
    ['error null', { error: null }],
    ['a success body', { data: {} }],
    ['a list', []],
    ['text', '<html>Bad gateway</html>'],
    ['null', null],
  ])('agrees with errorEnvelopeSchema on %s', (_name, body) => {
    const parsed = errorEnvelopeSchema.safeParse(body);
    expect(readErrorEnvelope(body)).toStrictEqual(parsed.success ? parsed.data : null);
  });
});
