import { describe, expect, it } from 'vitest';
import { checkIntegrationKey, checkPullQuery, PULL_PAGE_DEFAULT } from './integration-keys';

describe('O11.1 a key’s name', () => {
  it.each([
    ['Till', { key: { name: 'Till', scopes: ['responses:read'] } }],
    ['  Power BI  ', { key: { name: 'Power BI', scopes: ['responses:read'] } }],
    ['', { faults: { name: 'integration.nameRequired' } }],
    ['   ', { faults: { name: 'integration.nameRequired' } }],
    ['x'.repeat(101), { faults: { name: 'integration.nameTooLong' } }],
    ['é'.repeat(100), { key: { name: 'é'.repeat(100), scopes: ['responses:read'] } }],
    ['Till\u0000one', { faults: { name: 'integration.nameInvalid' } }],
  ])('%j', (name, expected) => {
    expect(checkIntegrationKey({ name, scopes: ['responses:read'] })).toEqual(expected);
  });
});

describe('O11.2 a key’s scopes', () => {
  it.each([
    [['transactions:write'], { key: { name: 'k', scopes: ['transactions:write'] } }],
    // In the vocabulary's order, each once.
    [
      ['responses:read', 'transactions:write', 'responses:read'],
      { key: { name: 'k', scopes: ['transactions:write', 'responses:read'] } },
    ],
    [[], { faults: { scopes: 'integration.scopesRequired' } }],
    [['responses:write'], { faults: { scopes: 'integration.scopeUnknown' } }],
    [['menu:write', 'admin'], { faults: { scopes: 'integration.scopeUnknown' } }],
  ])('%j', (scopes, expected) => {
    expect(checkIntegrationKey({ name: 'k', scopes })).toEqual(expected);
  });

  it('names both faults at once', () => {
    expect(checkIntegrationKey({ name: '', scopes: [] })).toEqual({
      faults: { name: 'integration.nameRequired', scopes: 'integration.scopesRequired' },
    });
  });
});

describe('O11.3 updatedSince', () => {
  it.each([
    ['2025-06-14T18:30:00Z', '2025-06-14T18:30:00.000Z'],
    ['2025-06-14T18:30Z', '2025-06-14T18:30:00.000Z'],
    ['2025-06-14T20:30:00.123+02:00', '2025-06-14T18:30:00.123Z'],
    ['2025-06-14T18:30:00.123456Z', '2025-06-14T18:30:00.123Z'],
  ])('%s is %s', (updatedSince, instant) => {
    const checked = checkPullQuery({ updatedSince });
    expect('since' in checked && checked.since?.toISOString()).toBe(instant);
  });

  it.each(['2025-06-14', '2025-06-14T18:30:00', '2025-02-30T00:00:00Z', 'yesterday', '2025-06-14T25:00:00Z'])(
    '%s is refused',
    (updatedSince) => {
      expect(checkPullQuery({ updatedSince })).toEqual({
        faults: [{ field: 'updatedSince', message: expect.stringContaining('ISO 8601') }],
      });
    },
  );
});

describe('O11.4 limit', () => {
  it.each([
    [undefined, PULL_PAGE_DEFAULT],
    ['1', 1],
    ['1000', 1000],
  ])('%s gives %i', (limit, expected) => {
    const checked = checkPullQuery(limit === undefined ? {} : { limit });
    expect('limit' in checked && checked.limit).toBe(expected);
  });

  it.each(['0', '1001', '-1', '2.5', 'ten', ''])('%j is refused', (limit) => {
    expect(checkPullQuery({ limit })).toEqual({
      faults: [{ field: 'limit', message: 'Expected a whole number 1–1000' }],
    });
  });
});

describe('O11.5 a cursor is passed on to the server as given', () => {
  it('keeps it', () => {
    expect(checkPullQuery({ cursor: 'abc' })).toEqual({
      since: null,
      limit: PULL_PAGE_DEFAULT,
      cursor: 'abc',
    });
  });
});
