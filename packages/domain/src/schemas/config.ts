import { z } from 'zod';
import { AgeConsent } from '../enums';
import { branchSchema } from './branch';
import { id, language } from './common';
import { demographicsSectionSchema } from './demographics';
import { questionSchema } from './question';
import { guestStaffMemberSchema, staffMemberSchema } from './staff';
import { surveySchema } from './survey';

/** A sync schedule of the core section (D3): `when` is a cron expression, `spread` seconds of jitter. */
export const scheduleSchema = z.object({
  what: z.string(),
  when: z.string(),
  spread: z.number().int().nonnegative(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const coreSectionSchema = z.object({
  company: z.object({ keyName: z.string(), name: z.string() }),
  schedules: z.array(scheduleSchema),
  /** Feature flags; the digital receipt is off unless a company turns it on (G2). */
  features: z.object({ digitalReceipt: z.boolean() }),
  /** The languages the company serves guests in, its fallback first (O3.1, O3.10); absent: all four. */
  languages: z.array(language).optional(),
});
export type CoreSection = z.infer<typeof coreSectionSchema>;

export const dataCaptureSectionSchema = z.object({
  enabled: z.boolean(),
  marketingPermissionText: z.string(),
  ageConsent: z.enum(AgeConsent),
  fields: z.array(z.enum(['name', 'email', 'phone', 'birthday', 'anniversary', 'postcode'])),
});
export type DataCaptureSection = z.infer<typeof dataCaptureSectionSchema>;

export const complaintsSectionSchema = z.object({
  enabled: z.boolean(),
  categories: z.array(z.object({ id, name: z.string() })),
});
export type ComplaintsSection = z.infer<typeof complaintsSectionSchema>;

export const staticsSectionSchema = z.object({
  privacyNoticeVersion: z.string(),
  privacyPolicyUrl: z.string(),
  copyright: z.string(),
  contactDataRetentionDays: z.number().int().positive(),
});
export type StaticsSection = z.infer<typeof staticsSectionSchema>;

/** survey.config's data in app mode (a device): only the requested edges are present. */
export const configResponseSchema = z.object({
  core: coreSectionSchema.optional(),
  surveys: z.array(surveySchema).optional(),
  questions: z.array(questionSchema).optional(),
  branch: branchSchema.optional(),
  staff: z
    .array(staffMemberSchema)
    .optional()
    .describe(
      "App mode: every member of the device's branch, inactive ones included, each PIN as a verifier made for this device (never the PIN, decision 0197)",
    ),
  complaints: complaintsSectionSchema.optional(),
  data_capture: dataCaptureSectionSchema.optional(),
  demographics: demographicsSectionSchema.optional(),
  statics: staticsSectionSchema.optional(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

/**
 * survey.config's data in web mode (a guest): the same edges, but the staff edge lists only the active
 * members of the X-Branch branch with no PIN code, weight or settings access (decision 0011).
 */
export const webConfigResponseSchema = configResponseSchema.extend({
  staff: z
    .array(guestStaffMemberSchema)
    .optional()
    .describe('Web mode: the active members of the X-Branch branch; no PIN code, weight or settings access'),
});
export type WebConfigResponse = z.infer<typeof webConfigResponseSchema>;
