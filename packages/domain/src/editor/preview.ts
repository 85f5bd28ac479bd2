import { z } from 'zod';
import { language, positiveId } from '../schemas/common';
import { webConfigResponseSchema } from '../schemas/config';
import { documentFaults } from './faults';
import { type ParsedDocument, parseDocument } from './parse';

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

/**
 * POST /console/surveys/{id}/preview-config (decision 0259): the editor's document as it is typed, unsaved.
 * The document is checked by previewDocument, so a refusal names each field's path.
 */
export const surveyPreviewBodySchema = z.object({
  document: z.unknown(),
  language: language.optional(),
  branchId: positiveId.optional(),
});
export type SurveyPreviewBody = z.infer<typeof surveyPreviewBodySchema>;

/**
 * O15.40 What a preview of unsaved edits runs: a document the schema accepts (O15.25) in which
 * documentFaults finds nothing, since a broken reference or a loop would break the guest engine. Texts a
 * language lacks and a survey with no question do not stop a preview (they stop a publish, O15.24): the
 * preview shows the missing texts in the survey's own language and names them.
 */
export function previewDocument(input: unknown): ParsedDocument {
  const parsed = parseDocument(input);
  if (!parsed.ok) return parsed;
  const faults = documentFaults(parsed.document);
  return faults.length > 0 ? { ok: false, faults } : parsed;
}
