import { z } from 'zod';
import { language, positiveId } from '../schemas/common';
import { webConfigResponseSchema } from '../schemas/config';

// The survey editor's preview (issue 31 item 4, decision 0258): what the console's preview frame shows.

/** Which document the preview shows: the draft (the published version when there is none) or the live one. */
export const PREVIEW_WHICH = ['draft', 'published'] as const;
export type PreviewWhich = (typeof PREVIEW_WHICH)[number];

/** GET /console/surveys/{id}/preview-config?language=&which=&branchId= */
export const surveyPreviewQuerySchema = z.object({
  language: language.optional(),
  which: z.enum(PREVIEW_WHICH).default('draft'),
  branchId: z.coerce.number().int().positive().optional(),
});

/**
 * Its answer: survey.config's web answer for the document in `language` (surveys, questions and the
 * company's sections), the document it came from, the branch it is served at for the preview, and the
 * texts the language lacks (shown in the survey's own language in the preview only: O15.23 keeps guests
 * from ever meeting one).
 */
export const surveyPreviewAnswerSchema = z.object({
  config: webConfigResponseSchema,
  language,
  which: z.enum(PREVIEW_WHICH),
  /** The published version shown, or the one the draft started from; null for a draft of nothing. */
  version: positiveId.nullable(),
  /** A branch of the survey the operator may see (staff, menu and table entry are a branch's); null: none. */
  branchId: positiveId.nullable(),
  missingTexts: z.array(z.string()),
  /** The languages the document offers guests (the console's language choice). */
  languages: z.array(language),
});
export type SurveyPreviewAnswer = z.infer<typeof surveyPreviewAnswerSchema>;
