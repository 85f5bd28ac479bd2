import { DRAFT_REVISION_HEADER, errorEnvelopeSchema, revisionSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { operatorActor } from '../../../services/audit/record';
import type { SurveyChange } from '../../../services/survey-versions';
import { type ConsoleRouteDeps, consoleErrorResponses } from '../shared';

/** What the survey calls need beyond the console's own. */
export interface SurveyRouteDeps extends ConsoleRouteDeps {
  /** Told when what guests are served changed (a publish, a survey switched on or off): cached answers go. */
  onSurveysChange: (companyId: number) => void;
}

/** A survey document's largest body: 500 questions in four languages stay well under it. */
export const SURVEY_BODY_LIMIT = 8 * 1_048_576;

export const surveyParams = z.object({ surveyId: idPathParam() });

/** A change of the draft names the revision it was based on (O15.52); a missing one is 400 10008. */
export const revisionHeaders = z
  .object({
    [DRAFT_REVISION_HEADER]: revisionSchema.describe(
      'The revision this change is based on, as GET …/document or the last change answered it; ' +
        'the draft changed since (another tab, another operator) answers 409 10035 with detail.revision, the one of now',
    ),
  })
  .loose();

/** The answers of a change of the draft: the console's, and 409 10035 for a stale revision. */
export const changeErrorResponses = { ...consoleErrorResponses, 409: errorEnvelopeSchema } as const;

/** The context of a change by the signed-in operator, audited as them at the app's time. */
export const surveyChange = (deps: SurveyRouteDeps, request: FastifyRequest): SurveyChange => ({
  db: deps.db,
  operator: request.operator,
  actor: operatorActor(request.operator),
  now: deps.clock.now(),
});

/** The faults of a document as the answers carry them (EditorFault). */
export const faultsSchema = z.array(
  z.object({
    path: z.string(),
    key: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);

/** A document in a body: checked by the call itself (parseDocument), so a refusal names each field's path. */
export const documentBody = z
  .unknown()
  .describe(
    'A survey document (format 1: survey, questions, languages, translations; packages/domain editor/document.ts). ' +
      'A document the schema refuses answers 400 10025 with detail.fields[{ field: path in the document, message: catalogue key, params }].',
  );
