import { z } from 'zod';
import { positiveId } from './common';

export const branchSchema = z.object({
  id: positiveId,
  name: z.string(),
  locationId: z.string().nullable(),
  siteId: z.string().nullable(),
  hashCode: z.string().nullable(),
  enableStaffPinCodes: z.boolean(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  address: z.string().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;

/** An entry of survey.branch; `distance` (metres) only when the guest sent coordinates. */
export const branchListingSchema = branchSchema.extend({ distance: z.number().nonnegative().nullable() });
export type BranchListing = z.infer<typeof branchListingSchema>;
