import { z } from 'zod';
import { TeamMemberStatus } from '../enums';
import { assetUrl, enumValues, id, idText } from './common';

export const teamMemberStatus = enumValues(TeamMemberStatus);

/**
 * A team member as a guest may see it (web mode's staff edge, docs/decisions/0011): who they are and
 * how to show them, nothing a manager keeps to themselves. Web mode lists active members only.
 */
export const guestStaffMemberSchema = z.object({
  id,
  displayName: z.string(),
  fullName: z.string(),
  status: teamMemberStatus,
  teamId: id,
  gender: z.string().nullable(),
  type: z.string().nullable(),
  imageUrl: assetUrl.nullable(),
  thumbnailUrl: assetUrl.nullable(),
  tags: z.array(idText),
});
export type GuestStaffMember = z.infer<typeof guestStaffMemberSchema>;

/**
 * A team member as the device gets it (G3, D3): the guest's fields plus the manager's — the PIN
 * code (the tablet checks staff PINs offline, decision 0011), list weight and settings access.
 */
export const staffMemberSchema = guestStaffMemberSchema.extend({
  pinCode: z.string().nullable().optional(),
  weight: z.number().int().min(0).max(100),
  hasSettingsAccess: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const teamSchema = z.object({ id, name: z.string(), status: teamMemberStatus });
export type Team = z.infer<typeof teamSchema>;
