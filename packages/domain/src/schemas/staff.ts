import { z } from 'zod';
import { TeamMemberStatus } from '../enums';
import { assetUrl, enumValues, id, idText } from './common';

export const teamMemberStatus = enumValues(TeamMemberStatus);

/**
 * A team member as the API returns it (G3, D3). `pinCode` is present only in app mode, where the
 * tablet checks staff PINs offline (see docs/decisions).
 */
export const staffMemberSchema = z.object({
  id,
  displayName: z.string(),
  fullName: z.string(),
  pinCode: z.string().nullable().optional(),
  status: teamMemberStatus,
  weight: z.number().int().min(0).max(100),
  teamId: id,
  hasSettingsAccess: z.boolean(),
  gender: z.string().nullable(),
  type: z.string().nullable(),
  imageUrl: assetUrl.nullable(),
  thumbnailUrl: assetUrl.nullable(),
  tags: z.array(idText),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const teamSchema = z.object({ id, name: z.string(), status: teamMemberStatus });
export type Team = z.infer<typeof teamSchema>;
