import { SocialType } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { methodOf, shareActions } from './share-actions';

const sites = [
  { type: SocialType.GOOGLE, url: 'https://search.google.com/local/writereview?placeid=x' },
  { type: SocialType.TRIPADVISOR, url: 'https://www.tripadvisor.co.uk/UserReviewEdit-x' },
  { type: SocialType.FACEBOOK, url: 'https://www.facebook.com/x/reviews' },
];

describe('share actions', () => {
  it('review sites in the venue’s order with their D3 names (Google has none), then e-mail and X', () => {
    const actions = shareActions({ sites, text: 'Great', subject: 'Visit', nativeShare: false });
    expect(actions.map((action) => [action.kind, action.track])).toEqual([
      ['site', null],
      ['site', 'shared_tripadvisor'],
      ['site', 'shared_facebook'],
      ['email', 'shared_email'],
      ['twitter', 'shared_twitter'],
    ]);
    expect(actions.map(methodOf)).toEqual(['google', 'tripadvisor', 'facebook', 'email', 'twitter']);
  });

  it('the e-mail and the post carry the text, encoded (spaces as %20, & and + kept)', () => {
    const text = 'Fish & chips + a view\nSuperb';
    const [email, twitter] = shareActions({ sites: [], text, subject: 'My visit', nativeShare: false });
    expect(email).toMatchObject({
      href: 'mailto:?subject=My%20visit&body=Fish%20%26%20chips%20%2B%20a%20view%0ASuperb',
    });
    const post = new URL((twitter as { href: string }).href);
    expect(post.origin + post.pathname).toBe('https://twitter.com/intent/tweet');
    expect(post.searchParams.get('text')).toBe(text);
  });

  it('the device’s share sheet only where the browser has one, with no track name', () => {
    expect(shareActions({ sites, text: '', subject: '', nativeShare: true }).at(-1)).toEqual({
      kind: 'native',
      track: null,
    });
    expect(
      shareActions({ sites, text: '', subject: '', nativeShare: false }).some((a) => a.kind === 'native'),
    ).toBe(false);
  });
});
