import { z } from 'zod';
import { CONTACT_NAME_MAX, CONTACT_PHONE_MAX, DEMOGRAPHIC_VALUE_MAX } from '../constants';
import { QueuedRequestType, TrackAction, VoucherType } from '../enums';
import { enumValues, id, localDateTime } from './common';
import { aspectRatingValue } from './question';
import { transactionSchema } from './transaction';

/** A rated dish of a menu-insight answer (G3 `extra.menuInsight`). */
export const dishResponseSchema = z.object({
  ref: z.string(),
  aspectRatingId: aspectRatingValue,
  otherReason: z.string().max(2000).optional(),
  reasons: z.array(id),
  comment: z.string().max(2000).optional(),
});

/**
 * A service saved in an overall-experience answer (`extra.services`, decision 0176): its sub-answers,
 * a 1–5 rating, a text or the ids of the choices ticked.
 */
export const serviceAnswerSchema = z.object({
  id: z.string().min(1).max(64),
  answers: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        value: z.union([z.number(), z.string().max(2000), z.array(z.union([id, z.string().max(200)]))]),
      }),
    )
    .min(1),
});

/** A question's answer in the answer payload (G3). */
export const questionAnswerSchema = z.object({
  id,
  answer: z.object({
    text: z.string().max(5000).optional(),
    choices: z.array(z.union([id, z.string()])).optional(),
    notApplicable: z.boolean().optional(),
    extra: z
      .object({
        menuInsight: z.array(dishResponseSchema).optional(),
        services: z.array(serviceAnswerSchema).optional(),
      })
      .optional(),
  }),
});

/** D3.12 No survey has more questions or indicators than this: a bigger list is refused unread. */
export const CREATE_LIST_MAX = 500;

export const answersSchema = z.object({
  questions: z.array(questionAnswerSchema).max(CREATE_LIST_MAX),
  indicators: z.array(z.object({ id, score: z.number() })).max(CREATE_LIST_MAX),
  csatScore: z.number().min(0).max(100).nullable(),
  npsScore: z.number().min(0).max(10).nullable(),
});
export type Answers = z.infer<typeof answersSchema>;

export const staffAnswerSchema = z.union([
  z.object({
    renderType: z.literal(1),
    staffId: id,
    subQuestions: z.array(
      z.object({ question_type: z.string(), answers: z.array(z.union([id, z.string()])) }),
    ),
  }),
  z.object({ renderType: z.literal(0), description: z.string().max(2000) }),
]);

/** The create payload of survey.submit (D3); guid makes it idempotent (architecture decision). */
export const createPayloadSchema = z.object({
  guid: z.uuid(),
  visitDatetime: localDateTime,
  surveyStart: localDateTime,
  surveyCompleted: localDateTime,
  pinCode: z.string().max(64),
  /**
   * D3.11: a receipt PIN the guest gave while the tablet was offline, not looked up yet (pinCode is then
   * empty); the server looks it up when the create arrives from a registered device.
   */
  receiptPin: z.string().min(1).max(64).optional(),
  /**
   * The survey version the guest was served and answered (issue 31, decision 0254): the create is checked
   * against it and stored with it. Absent (a client from before versions): the survey's current version.
   */
  surveyVersion: z.number().int().positive().max(1_000_000).optional(),
  feedbackAlert: z.boolean(),
  managerFeedbackIndicatorRulePassed: z.boolean(),
  recommendationPermitted: z.boolean(),
  userAgent: z.string().max(512),
  staffId: id.nullable(),
  urlParams: z.record(z.string(), z.string()),
  questionMap: z.array(id).max(CREATE_LIST_MAX),
  transaction: transactionSchema.optional(),
  url_params: z.object({ table_id: z.string().max(12) }).optional(),
  answers: answersSchema,
  staff: staffAnswerSchema.optional(),
  demographics: z.array(z.object({ id, value: z.string().max(DEMOGRAPHIC_VALUE_MAX) })).optional(),
});
export type CreatePayload = z.infer<typeof createPayloadSchema>;

/** A supplement adds to a created response (marketing permission, contact details, …). */
export const supplementPayloadSchema = z.object({
  permitted: z.boolean().optional(),
  /** G5.25 A guest who complained says whether the venue may contact them about it (decision 0178). */
  complaintContact: z.boolean().optional(),
  /**
   * D4.65 The tablet's guest never saw the voucher this response was given (its answer came after the
   * guest was told none is given): the server withdraws the code (decision 0186).
   */
  voucherUnseen: z.literal(true).optional(),
  contact: z
    .object({
      name: z.string().max(CONTACT_NAME_MAX).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(CONTACT_PHONE_MAX).optional(),
      birthday: z.string().max(10).optional(),
      anniversary: z.string().max(5).optional(),
    })
    .optional(),
});
export type SupplementPayload = z.infer<typeof supplementPayloadSchema>;

export const submitRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('create'), payload: createPayloadSchema }),
  z.object({ type: z.literal('supplement'), payload: supplementPayloadSchema }),
]);
export type SubmitRequest = z.infer<typeof submitRequestSchema>;

/** The voucher a create was given (G4.60, G4.61: drawn on the server), with the code from its pool. */
export const issuedVoucherSchema = z.object({
  id,
  type: enumValues(VoucherType),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  scratched: z.boolean(),
});
export type IssuedVoucher = z.infer<typeof issuedVoucherSchema>;

/** A create's answer; `voucher` was added later and defaults to null so older answers still parse. */
export const submitResponseSchema = z.object({
  id,
  secret: z.string(),
  is_ai_valid: z.boolean(),
  voucher: issuedVoucherSchema.nullable().default(null),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

export const trackPayloadSchema = z.object({ actions: z.array(z.enum(TrackAction)).min(1) });
export type TrackPayload = z.infer<typeof trackPayloadSchema>;

/** Current shape version of a queued response kept in IndexedDB (bump with a migration in src/device). */
export const QUEUED_RESPONSE_VERSION = 2;

/** Version 1 of a queued response, kept so stored items can be migrated (device/queue-persist.ts). */
export const queuedResponseV1Schema = z.object({
  version: z.literal(1),
  offlineID: z.number().int().positive(),
  type: z.enum(QueuedRequestType),
  args: z.object({ payload: z.unknown(), headers: z.record(z.string(), z.string()) }),
  attempts: z.number().int().nonnegative().default(0),
});
export type QueuedResponseV1 = z.infer<typeof queuedResponseV1Schema>;

/**
 * A request kept on the device until the server answers 2xx (D3 queued response). Version 2 adds the
 * response it belongs to (the create's guid), the branch it was recorded for (null: unknown, sent to the
 * current branch) and `rev`, bumped when a merge changes the payload.
 */
export const queuedResponseSchema = queuedResponseV1Schema.extend({
  version: z.literal(QUEUED_RESPONSE_VERSION),
  response: z.string().min(1),
  branchId: id.nullable().default(null),
  rev: z.number().int().nonnegative().default(0),
});
export type QueuedResponse = z.infer<typeof queuedResponseSchema>;
