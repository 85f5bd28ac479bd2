import { z } from 'zod';
import { assetUrl, colour } from './common';

/** Survey branding (G3, D3); every part optional, the app falls back to its own theme. */
export const brandingSchema = z.object({
  /** The font's family name (the spec's default is Poppins, which the web app ships). */
  font: z.string().max(64).optional(),
  /**
   * The venue's own font file (woff2) for `font`, so phones without it installed still show it: this
   * site's path or an https address (decision 0183).
   */
  fontUrl: assetUrl.optional(),
  accentColour: colour.optional(),
  errorColour: colour.optional(),
  primaryColour: colour.optional(),
  secondaryColour: colour.optional(),
  headerImage: assetUrl.optional(),
  backgroundImage: assetUrl.optional(),
  logoImage: assetUrl.optional(),
});
export type Branding = z.infer<typeof brandingSchema>;
