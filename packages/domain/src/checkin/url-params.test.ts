import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isFlagOn,
  readUrlParams,
  URL_PARAM_MAX,
  URL_PARAM_NAMES,
  type UrlParams,
  urlParamsOfAddress,
  urlParamsSearch,
} from './url-params';

describe('G3 URL parameters kept', () => {
  it('G2.9 every parameter of the G3 list is kept', () => {
    const search = `?${URL_PARAM_NAMES.map((name, i) => `${name}=v${i}`).join('&')}`;
    const { params, ignored } = readUrlParams(search);
    expect(Object.keys(params)).toEqual([...URL_PARAM_NAMES]);
    expect(params.pveQueueId).toBe(`v${URL_PARAM_NAMES.length - 1}`);
    expect(ignored).toEqual([]);
  });

  it.each([
    ['?utm_source=x&pin=1', { pin: '1' }, ['utm_source']],
    ['?BranchId=4&branchid=5&branchId=6', { branchId: '6' }, ['BranchId', 'branchid']],
    ['?email=a%40b.com&email=c', {}, ['email']],
  ])('G2.9 other parameters are dropped and listed: %s', (search, params, ignored) => {
    expect(readUrlParams(search)).toEqual({ params, ignored });
  });

  it.each([
    ['?urlSrc=qr&urlSrc=table&urlSrc=menu', 'qr|table|menu'],
    ['?urlSrc=qr', 'qr'],
    ['?urlSrc=qr&urlSrc=&urlSrc=%20menu%20', 'qr|menu'],
  ])('G2.10 repeated urlSrc values join with | in order: %s', (search, joined) => {
    expect(readUrlParams(search).params.urlSrc).toBe(joined);
  });

  it('G2.10 urlSrc with only empty values is absent', () => {
    expect(readUrlParams('?urlSrc=&urlSrc=').params).toEqual({});
  });

  it.each([
    ['?pin=1&pin=2', { pin: '1' }],
    ['?pin=&pin=2', { pin: '2' }],
    ['?checkId=a&checkId=b&checkId=c', { checkId: 'a' }],
  ])('G2.11 another repeated parameter keeps its first value: %s', (search, params) => {
    expect(readUrlParams(search).params).toEqual(params);
  });

  it.each([
    ['?pin=%20123%20', { pin: '123' }],
    ['?pin=&checkId=%20', {}],
    ['?noVisit&inBranch=', { noVisit: '', inBranch: '' }],
    ['?noVisit=0', { noVisit: '0' }],
  ])('G2.12 values are trimmed; empty values dropped except flags: %s', (search, params) => {
    expect(readUrlParams(search).params).toEqual(params);
  });

  it.each(['?pin=12%0A34', '?slug=a%00b', '?tableId=%7F1'])(
    'G2.13 a value with a control character is dropped: %s',
    (search) => {
      expect(readUrlParams(search).params).toEqual({});
    },
  );

  it('G2.14 the path slug and PIN or PVE win over the query', () => {
    expect(
      urlParamsOfAddress({ slug: 'demo', pinType: 'pve', pin: '777', search: '?pve=1&slug=other&pin=9&x=1' }),
    ).toEqual({ params: { pve: '777', slug: 'demo', pin: '9' }, ignored: ['x'] });
    expect(urlParamsOfAddress({ slug: 'demo', search: '' }).params).toEqual({ slug: 'demo' });
  });

  it.each([
    ['', true],
    ['1', true],
    ['true', true],
    ['yes', true],
    [' TRUE ', true],
    ['0', false],
    ['false', false],
    ['No', false],
    ['OFF', false],
    [undefined, false],
    [null, false],
  ])('G2.15 a flag with value %j is on: %s', (value, on) => {
    expect(isFlagOn(value)).toBe(on);
  });

  it('G2.9 property: kept parameters survive a round trip through the query string', () => {
    const value = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((v) => v.trim() === v && !/\p{Cc}|\|/u.test(v) && v !== '');
    const params = fc.dictionary(fc.constantFrom(...URL_PARAM_NAMES), value) as fc.Arbitrary<UrlParams>;
    fc.assert(
      fc.property(params, (kept) => {
        expect(readUrlParams(urlParamsSearch(kept)).params).toEqual(kept);
      }),
    );
  });

  it('D3.17 a value over URL_PARAM_MAX characters is dropped; urlSrc keeps the sources that fit', () => {
    const long = 'x'.repeat(URL_PARAM_MAX + 1);
    const fits = 'y'.repeat(URL_PARAM_MAX);
    expect(readUrlParams(`?guestRef=${long}&account=${fits}`).params).toEqual({ account: fits });
    const half = 'z'.repeat(URL_PARAM_MAX / 2);
    const { params } = readUrlParams(`?urlSrc=${half}&urlSrc=${half}&urlSrc=qr`);
    expect(params.urlSrc).toBe(half);
    expect(readUrlParams('?urlSrc=qr&urlSrc=mail').params.urlSrc).toBe('qr|mail');
  });

  it('G2.9 an empty set of parameters writes no query string', () => {
    expect(urlParamsSearch({})).toBe('');
    expect(urlParamsSearch({ slug: 'a b', urlSrc: 'qr|menu' })).toBe('?slug=a+b&urlSrc=qr%7Cmenu');
  });
});
