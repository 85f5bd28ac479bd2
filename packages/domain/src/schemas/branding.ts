import { z } from 'zod';
import { assetUrl, colour } from './common';

/** Survey branding (G3, D3); every part optional, the app falls back to its own theme. */
export const brandingSchema = z.object({
  font: z.string().max(64).optional(),
  accentColour: colour.optional(),
  errorColour: colour.optional(),
  primaryColour: colour.optional(),
  secondaryColour: colour.optional(),
  headerImage: assetUrl.optional(),
  backgroundImage: assetUrl.optional(),
  logoImage: assetUrl.optional(),
});
export type Branding = z.infer<typeof brandingSchema>;
