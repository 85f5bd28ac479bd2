import { describe, expect, it } from 'vitest';
import { parseVenueAddress } from './venue-address';

describe('G2 address pattern', () => {
  it.each([
    [{ slug: 'demo-bistro' }, '', { slug: 'demo-bistro', search: '' }],
    [
      { slug: 'demo-bistro', pin: '123456' },
      '',
      { slug: 'demo-bistro', pinType: 'pin', pin: '123456', search: '' },
    ],
    [
      { slug: 'demo-bistro', pinType: 'pve', value: '777' },
      '?checkId=4',
      { slug: 'demo-bistro', pinType: 'pve', pin: '777', search: '?checkId=4' },
    ],
    [
      { slug: 'demo-bistro', pinType: 'PIN', value: '123456' },
      '',
      { slug: 'demo-bistro', pinType: 'pin', pin: '123456', search: '' },
    ],
  ])('reads %j', (params, search, expected) => {
    expect(parseVenueAddress(params, search)).toEqual(expected);
  });

  it('keeps the query string unchanged', () => {
    expect(parseVenueAddress({ slug: 's' }, '?pve=1&txSource=qr')?.search).toBe('?pve=1&txSource=qr');
  });

  it.each([
    [{}],
    [{ slug: '  ' }],
    [{ slug: 'demo', pinType: 'table', value: '12' }],
    [{ slug: 'demo', pinType: 'pin', value: ' ' }],
    // A lone pin/pve keyword is a two-part address cut short, not a PIN (domain rule G2.5).
    [{ slug: 'demo', pin: 'pve' }],
    // A screen's name is never a slug (G2.1).
    [{ slug: 'questions' }],
  ])('rejects %j', (params) => {
    expect(parseVenueAddress(params, '')).toBeUndefined();
  });
});
