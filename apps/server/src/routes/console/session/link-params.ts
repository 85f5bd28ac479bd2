import { z } from 'zod';

/** A one-time link's token in the path: 43 base64url characters (32 random bytes), else no link. */
export const linkParams = z.object({
  token: z.string().max(100).describe('The token of the link (/console/link/<token>)'),
});

/** Whether a path token could be a link's (anything else answers as an unknown link, without a lookup). */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
