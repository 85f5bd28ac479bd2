import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAddress, readVenueSegments, SLUG_ERRORS } from './address';
import { isReservedSegment, RESERVED_SEGMENTS } from './routes';

const venue = (slug: string, extra: object = {}, search = '') => ({
  kind: 'venue',
  address: { slug, search, ...extra },
});

describe('G2 address pattern', () => {
  it.each(RESERVED_SEGMENTS.flatMap((segment) => [segment, segment.toUpperCase()]))(
    'G2.1 the first segment %s names a screen, never a slug',
    (segment) => {
      expect(readVenueSegments([segment], '')).toEqual({ kind: 'route', segment: segment.toLowerCase() });
      expect(isReservedSegment(` ${segment} `)).toBe(true);
    },
  );

  it('G2.1 the reserved list is the route table of G2 and device-mode §2, with /install and /privacy', () => {
    expect([...RESERVED_SEGMENTS].sort()).toEqual(
      [
        'questions',
        'thank-you',
        'checkout',
        'recommend',
        'share',
        'upload',
        'check_in',
        'register',
        'staff',
        'manage_team',
        'error-404',
        'install',
        'privacy',
      ].sort(),
    );
  });

  it.each([
    [['demo-bistro'], '', venue('demo-bistro')],
    [[' demo-bistro '], '', venue('demo-bistro')],
    [['demo-bistro'], '?checkId=4', venue('demo-bistro', {}, '?checkId=4')],
    [['demo-bistro'], 'checkId=4', venue('demo-bistro', {}, '?checkId=4')],
  ])(
    'G2.2 the first segment is the slug and the query is carried over: %j %s',
    (segments, search, expected) => {
      expect(readVenueSegments(segments, search)).toEqual(expected);
    },
  );

  it.each([
    [['demo', '123456'], venue('demo', { pinType: 'pin', pin: '123456' })],
    [['demo', ' 123456 '], venue('demo', { pinType: 'pin', pin: '123456' })],
    [['demo', ' '], venue('demo')],
  ])('G2.3 one value after the slug is the receipt PIN: %j', (segments, expected) => {
    expect(readVenueSegments(segments, '')).toEqual(expected);
  });

  it.each([
    [['demo', 'pin', '123456'], venue('demo', { pinType: 'pin', pin: '123456' })],
    [['demo', 'pve', '777'], venue('demo', { pinType: 'pve', pin: '777' })],
    [['demo', 'PVE', 'abc-1'], venue('demo', { pinType: 'pve', pin: 'abc-1' })],
    [['demo', 'Pin', '123456'], venue('demo', { pinType: 'pin', pin: '123456' })],
  ])('G2.4 two segments are pin or pve and the value: %j', (segments, expected) => {
    expect(readVenueSegments(segments, '')).toEqual(expected);
  });

  it.each([
    [['demo', 'table', '12']],
    [['demo', 'pin', ' ']],
    [['demo', 'pve', '']],
    [['demo', 'pin', '1', 'x']],
    [['demo', 'pve']],
    [['demo', 'PIN']],
    [['demo\u0000']],
    [['demo', '12\n34']],
  ])('G2.5 an address off the pattern is badSlug: %j', (segments) => {
    expect(readVenueSegments(segments, '')).toEqual({ kind: 'error', error: 'badSlug' });
  });

  it.each(['/%E0%A4%A', '/demo/%zz'])('G2.5 malformed percent-encoding is badSlug: %s', (path) => {
    expect(readAddress(path, '')).toEqual({ kind: 'error', error: 'badSlug' });
  });

  it.each([[[]], [['']], [['  ']]])('G2.6 no slug is noSlug: %j', (segments) => {
    expect(readVenueSegments(segments, '?pin=1')).toEqual({ kind: 'error', error: 'noSlug' });
  });

  it.each(['/', '', '//', '/%20'])('G2.6 the path %j has no slug', (path) => {
    expect(readAddress(path, '')).toEqual({ kind: 'error', error: 'noSlug' });
  });

  it('G2.7 slug errors carry their catalogue key and the line logged before the redirect', () => {
    expect(SLUG_ERRORS).toEqual({
      noSlug: { key: 'slug.noSlug', log: 'No survey tag passed' },
      badSlug: { key: 'slug.badSlug', log: 'Bad survey tag used' },
    });
  });

  it.each([
    ['/demo/', venue('demo')],
    ['//demo//pve//77', venue('demo', { pinType: 'pve', pin: '77' })],
    ['/caf%C3%A9/pin/12%2034', venue('café', { pinType: 'pin', pin: '12 34' })],
    ['/questions', { kind: 'route', segment: 'questions' }],
    ['/check_in/get_started', { kind: 'route', segment: 'check_in' }],
  ])('G2.8 paths drop empty segments and are percent-decoded: %s', (path, expected) => {
    expect(readAddress(path, '')).toEqual(expected);
  });

  it('G2.2 G2.3 G2.4 property: any slug and value written by the pattern read back', () => {
    const text = fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/);
    const slug = text.filter((s) => !isReservedSegment(s));
    const value = text.filter((s) => !['pin', 'pve'].includes(s.toLowerCase()));
    fc.assert(
      fc.property(slug, fc.option(fc.constantFrom('pin', 'pve')), value, (s, type, v) => {
        const path = type ? `/${s}/${type}/${encodeURIComponent(v)}` : `/${s}/${encodeURIComponent(v)}`;
        expect(readAddress(path, '')).toEqual(venue(s, { pinType: type ?? 'pin', pin: v }));
      }),
    );
  });
});
