import { z } from 'zod';
import { Language } from '../enums';
import { id, positiveId } from '../schemas/common';
import { surveyDocumentSchema } from './document';

// The console's survey calls (issue 31, decision 0254), shared by the server's routes and the console.
// operator-side.md fixes GET …/document, PUT …/draft and POST …/publish; the rest are ours.

const operatorName = z.object({ id: id.nullable(), name: z.string() }).nullable();
const editorFaultSchema = z.object({
  path: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** GET /console/surveys: every survey the operator may read (O1.9). */
export const surveyListItemSchema = z.object({
  id: positiveId,
  name: z.string(),
  slug: z.string(),
  active: z.boolean(),
  version: positiveId,
  languages: z.array(z.enum(Language)),
  branchIds: z.array(id),
  hasDraft: z.boolean(),
  /** Whether this operator may edit it (O1.10): the console offers editing only then. */
  editable: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type SurveyListItem = z.infer<typeof surveyListItemSchema>;

/**
 * The header every change of a survey's draft (save, discard, publish, restore) sends: the revision it was
 * based on, as the document or the last change answered it. Another revision is 409 10035 (O15.52).
 */
export const DRAFT_REVISION_HEADER = 'x-draft-revision';

/**
 * A revision of what a survey's editors share (decision 0266): the published version, a dot, then the
 * draft's digest as stored (32 hex digits), or 0 when there is no draft.
 */
export const revisionSchema = z.string().regex(/^[1-9]\d{0,9}\.(0|[0-9a-f]{32})$/);

/** GET /console/surveys/{id}/document: the published version and the draft, if any. */
export const surveyDocumentAnswerSchema = z.object({
  id: positiveId,
  editable: z.boolean(),
  branchIds: z.array(id),
  /** What a change sends in DRAFT_REVISION_HEADER: this answer's version and draft. */
  revision: revisionSchema,
  published: z.object({
    version: positiveId,
    document: surveyDocumentSchema,
    publishedAt: z.string().nullable(),
    publishedBy: operatorName,
  }),
  draft: z
    .object({
      document: surveyDocumentSchema,
      basedOn: positiveId.nullable(),
      updatedAt: z.string(),
      updatedBy: operatorName,
      /** publishFaults of the draft: what stops a publish (O15.24). */
      faults: z.array(editorFaultSchema),
    })
    .nullable(),
});
export type SurveyDocumentAnswer = z.infer<typeof surveyDocumentAnswerSchema>;

/** GET /console/surveys/{id}/versions: the history, newest first. */
export const surveyVersionItemSchema = z.object({
  version: positiveId,
  publishedAt: z.string(),
  publishedBy: operatorName,
  restoredFrom: positiveId.nullable(),
});
export type SurveyVersionItem = z.infer<typeof surveyVersionItemSchema>;
