import { type ReviewSite, SocialType, type TrackAction } from '@venue-voice/domain';

/** The longest review text the guest writes here: the suggestion's own cap (decision 0040). */
export const REVIEW_TEXT_MAX = 1500;

/** What the share screen offers: the venue's review sites, e-mail, X/Twitter, the device's share sheet. */
export type ShareAction =
  | { kind: 'site'; site: SocialType; href: string; track: TrackAction | null }
  | { kind: 'email'; href: string; track: TrackAction }
  | { kind: 'twitter'; href: string; track: TrackAction }
  | { kind: 'native'; track: null };

/**
 * The D3 track names of the review sites that have one. The server's vocabulary is fixed (survey.track
 * refuses others, 10009); a site without a name (Google, Instagram, …) records no track action rather
 * than another site's name (decision 0064).
 */
export const SITE_TRACK: Partial<Record<SocialType, TrackAction>> = {
  [SocialType.TRIPADVISOR]: 'shared_tripadvisor',
  [SocialType.FACEBOOK]: 'shared_facebook',
  [SocialType.TWITTER]: 'shared_twitter',
};

/** A word for the analytics event's `method` parameter (which way the guest shared). */
export const SITE_NAME: Record<SocialType, string> = {
  [SocialType.TRIPADVISOR]: 'tripadvisor',
  [SocialType.FACEBOOK]: 'facebook',
  [SocialType.GOOGLE]: 'google',
  [SocialType.TWITTER]: 'twitter',
  [SocialType.INSTAGRAM]: 'instagram',
  [SocialType.HOSTELWORLD]: 'hostelworld',
  [SocialType.PILLOWTALK]: 'pillowtalk',
  [SocialType.AIRBNB]: 'airbnb',
  [SocialType.BOOKING]: 'booking',
};

export interface ShareInput {
  sites: readonly ReviewSite[];
  /** The text to share: the guest's recommendation, or the summary written out. */
  text: string;
  /** The e-mail's subject line. */
  subject: string;
  /** The browser has the Web Share API (`navigator.share`). */
  nativeShare: boolean;
}

/** The share actions in the order shown: review sites (the venue's order), e-mail, X, the share sheet. */
export function shareActions({ sites, text, subject, nativeShare }: ShareInput): ShareAction[] {
  const actions: ShareAction[] = sites.map((site) => ({
    kind: 'site',
    site: site.type,
    href: site.url,
    track: SITE_TRACK[site.type] ?? null,
  }));
  const query = (values: Record<string, string>) =>
    new URLSearchParams(values).toString().replaceAll('+', '%20');
  actions.push({ kind: 'email', href: `mailto:?${query({ subject, body: text })}`, track: 'shared_email' });
  actions.push({
    kind: 'twitter',
    href: `https://twitter.com/intent/tweet?${query({ text })}`,
    track: 'shared_twitter',
  });
  if (nativeShare) actions.push({ kind: 'native', track: null });
  return actions;
}

/** The analytics `method` of an action. */
export const methodOf = (action: ShareAction): string =>
  action.kind === 'site' ? SITE_NAME[action.site] : action.kind;
