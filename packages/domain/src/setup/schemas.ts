/** The console's setup calls: answers and bodies (console-contract.md "Setup"; one schema, three uses). */
import { z } from 'zod';
import { language } from '../schemas/common';
import { DEVICE_STATES } from './devices';

const isoTime = z.string().describe('ISO 8601 time');

export const consoleBrandingSchema = z.object({
  logoUrl: z.string().nullable(),
  primaryColour: z.string().nullable(),
  accentColour: z.string().nullable(),
});

/** GET/PATCH /console/company's answer. */
export const consoleCompanySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  branding: consoleBrandingSchema,
  languages: z.array(language),
  contactRetentionDays: z.number().int(),
  /** O1.10 Whether managers may edit the surveys served only at their branches (issue 31). */
  managersEditSurveys: z.boolean(),
});
export type ConsoleCompany = z.infer<typeof consoleCompanySchema>;

/** PATCH /console/company: each part optional; types here, rules in checkCompanySettings (O3.1–O3.3). */
export const companyPatchSchema = z
  .object({
    name: z.string().max(1000),
    branding: z
      .object({
        primaryColour: z.string().max(100).nullable(),
        accentColour: z.string().max(100).nullable(),
        logoUrl: z.null().describe('null removes the logo; a logo is set by POST /company/logo'),
      })
      .partial()
      .strict(),
    languages: z.array(z.string().max(20)).max(20),
    contactRetentionDays: z.number(),
    managersEditSurveys: z.boolean(),
  })
  .partial()
  .strict();

export const syncScheduleSchema = z.object({
  when: z.string().max(200).describe('Five-field cron expression, read in the tablet’s time zone'),
  spread: z.number().describe('Seconds of random delay, 0 to 86400'),
});

/** A branch as the console shows it. */
export const consoleBranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  enableStaffPinCodes: z.boolean(),
  tableEntry: z.boolean(),
  syncSchedule: z
    .object({ when: z.string(), spread: z.number().int() })
    .nullable()
    .describe("The branch's own schedule; null: the company's"),
  passcodeSetAt: isoTime
    .nullable()
    .describe('When the device passcode was last set; null: never by the console'),
  surveyIds: z.array(z.number().int()).describe('The surveys guests and tablets are served here'),
});
export type ConsoleBranch = z.infer<typeof consoleBranchSchema>;

/** POST /console/branches and PATCH /console/branches/{id}: types here, rules in checkBranchSettings. */
export const branchBodySchema = z
  .object({
    name: z.string().max(1000),
    address: z.string().max(2000).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeZone: z.string().max(100),
    enableStaffPinCodes: z.boolean(),
    tableEntry: z.boolean(),
    syncSchedule: syncScheduleSchema.nullable(),
    surveyIds: z.array(z.number().int()).max(1000),
  })
  .partial()
  .strict();

/** A tablet as the console lists it (GET /console/devices). */
export const consoleDeviceSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  state: z.enum(DEVICE_STATES),
  registeredAt: isoTime,
  lastSeenAt: isoTime.nullable(),
  lastSyncAt: isoTime.nullable().describe('Its last config download'),
  lastUploadAt: isoTime.nullable().describe('Its last survey.submit or batch'),
  heldResponses: z.number().int().nullable().describe('Responses it said it holds on its last call'),
});
export type ConsoleDevice = z.infer<typeof consoleDeviceSchema>;
