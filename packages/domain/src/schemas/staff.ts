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
 * What a tablet gets to check a member's PIN offline, never the PIN itself (issue 27, decision 0197):
 * PBKDF2-HMAC-SHA256 of the PIN's UTF-8 bytes with this salt and iteration count, 32 bytes. The salt is
 * the device's own, so a verifier is made for one tablet. Salt and hash are base64url without padding.
 */
export const pinVerifierSchema = z.object({
  algorithm: z.literal('PBKDF2-SHA256'),
  iterations: z.number().int().min(1),
  salt: z.string().min(1),
  hash: z.string().min(1),
});
export type PinVerifier = z.infer<typeof pinVerifierSchema>;

/**
 * A team member as the device gets it (G3, D3): the guest's fields plus the manager's — whether the
 * member has a PIN, list weight and settings access. No answer carries a PIN (decision 0197): the
 * config's staff edge adds `pinVerifier` for offline sign-in, manage.staff.listing does not.
 */
export const staffMemberSchema = guestStaffMemberSchema.extend({
  hasPin: z.boolean(),
  pinVerifier: pinVerifierSchema.nullable().optional(),
  weight: z.number().int().min(0).max(100),
  hasSettingsAccess: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const teamSchema = z.object({ id, name: z.string(), status: teamMemberStatus });
export type Team = z.infer<typeof teamSchema>;
