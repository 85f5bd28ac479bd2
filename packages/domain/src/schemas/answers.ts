import { z } from 'zod';
import { id } from './common';

// Answers of the response calls (api.md): one schema each, used by the server's routes and the client.

/** survey.submit with type supplement. */
export const supplementResultSchema = z.object({ id });
export type SupplementResult = z.infer<typeof supplementResultSchema>;

/** survey.prompt: the suggested review, or the spec's not-enough-information text with is_ai_valid false. */
export const promptAnswerSchema = z.object({
  text: z.string().describe('The suggested review, or the spec’s not-enough-information text'),
  is_ai_valid: z
    .boolean()
    .describe('False when there was too little to draft from (message ai.notEnoughInformation)'),
});
export type PromptAnswer = z.infer<typeof promptAnswerSchema>;

/** survey.track. */
export const trackAnswerSchema = z.object({ recorded: z.number().int().nonnegative() });
export type TrackAnswer = z.infer<typeof trackAnswerSchema>;

/** survey.upload.upsert: where the stored photo and its thumbnail are served. */
export const uploadAnswerSchema = z.object({
  imageUrl: z.string().describe('The stored photo (JPEG, no metadata), path under /api/v1/uploads'),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** survey.upload.delete: false when there was no photo (still a success). */
export const uploadDeleteAnswerSchema = z.object({
  deleted: z.boolean().describe('false when there was no photo (still a success)'),
});
export type UploadDeleteAnswer = z.infer<typeof uploadDeleteAnswerSchema>;
