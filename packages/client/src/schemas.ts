/**
 * Every schema the client parses answers with, in one module that `request` imports lazily: zod and
 * the domain's schemas then load in a chunk of their own, after the first guest screen (decision 0078).
 * Only this module (and tests) may import zod's values or the domain's schemas in this package.
 */
import {
  branchListingSchema,
  configResponseSchema,
  deviceConfigurationResponseSchema,
  deviceDeregistrationResponseSchema,
  deviceRegistrationResponseSchema,
  familyGroupSchema,
  majorGroupSchema,
  productSchema,
  promptAnswerSchema,
  staffMemberSchema,
  submitResponseSchema,
  supplementResultSchema,
  teamSchema,
  trackAnswerSchema,
  transactionResponseSchema,
  uploadAnswerSchema,
  uploadDeleteAnswerSchema,
  webConfigResponseSchema,
} from '@venue-voice/domain';
import { z } from 'zod';

const idAnswer = z.object({ id: z.number().int() });

export const schemas = {
  health: z.object({ status: z.string() }).loose(),
  branches: z.object({ branches: z.array(branchListingSchema) }),
  config: configResponseSchema,
  webConfig: webConfigResponseSchema,
  transaction: transactionResponseSchema,
  menu: {
    products: z.object({ products: z.array(productSchema) }),
    family_groups: z.object({ family_groups: z.array(familyGroupSchema) }),
    major_groups: z.object({ major_groups: z.array(majorGroupSchema) }),
  },
  submit: submitResponseSchema,
  supplement: supplementResultSchema,
  prompt: promptAnswerSchema,
  track: trackAnswerSchema,
  upload: uploadAnswerSchema,
  uploadDelete: uploadDeleteAnswerSchema,
  deviceRegistration: deviceRegistrationResponseSchema,
  deviceConfiguration: deviceConfigurationResponseSchema,
  deviceDeregistration: deviceDeregistrationResponseSchema,
  staffList: z.object({ staff: z.array(staffMemberSchema) }),
  staffOne: z.object({ staff: staffMemberSchema }),
  idAnswer,
  teams: z.object({ items: z.array(teamSchema) }),
};
export type Schemas = typeof schemas;
