import { describe, expect, it } from 'vitest';
import { SocialType } from '../enums';
import { reviewSiteSchema } from './survey';

describe('review sites of a survey', () => {
  it.each([
    [SocialType.TRIPADVISOR, 'https://www.tripadvisor.co.uk/UserReviewEdit-g1-d2'],
    [SocialType.GOOGLE, 'https://search.google.com/local/writereview?placeid=abc'],
    [SocialType.BOOKING, 'https://www.booking.com/reviews'],
  ])('accepts social type %i with an https page', (type, url) => {
    expect(reviewSiteSchema.parse({ type, url })).toEqual({ type, url });
  });

  it.each([
    ['a plain http page', SocialType.FACEBOOK, 'http://facebook.com/venue'],
    ['a script URL', SocialType.FACEBOOK, 'javascript:alert(1)'],
    ['a relative path', SocialType.GOOGLE, '/reviews'],
    ['white space in the address', SocialType.GOOGLE, 'https://a.example/ x'],
    ['a social type outside 1–9', 10, 'https://a.example/'],
  ])('refuses %s', (_name, type, url) => {
    expect(reviewSiteSchema.safeParse({ type, url }).success).toBe(false);
  });
});
