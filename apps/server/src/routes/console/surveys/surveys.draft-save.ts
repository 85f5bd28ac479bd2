import { DRAFT_REVISION_HEADER, dataEnvelope, revisionSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveDraft } from '../../../services/survey-versions';
import { consoleSchema } from '../shared';
import {
  changeErrorResponses,
  documentBody,
  faultsSchema,
  revisionHeaders,
  SURVEY_BODY_LIMIT,
  type SurveyRouteDeps,
  surveyChange,
  surveyParams,
} from './shared';

/**
 * PUT /console/surveys/{id}/draft (operator-side.md): the body is the document, saved as the draft when
 * the schema accepts it (else 400 10025 with each field's path) and the draft is still at the revision in
 * X-Draft-Revision (else 409 10035, O15.52); answers what still stops a publish and the new revision.
 */
export const surveysDraftSaveRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.put(
    '/surveys/:surveyId/draft',
    {
      bodyLimit: SURVEY_BODY_LIMIT,
      schema: consoleSchema('Save the draft document (O1.10: who may edit the survey)', {
        params: surveyParams,
        headers: revisionHeaders,
        body: documentBody,
        response: {
          200: dataEnvelope(
            z.object({ faults: faultsSchema, updatedAt: z.string(), revision: revisionSchema }),
          ),
          ...changeErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: await saveDraft(
        surveyChange(deps, request),
        request.params.surveyId,
        request.body,
        request.headers[DRAFT_REVISION_HEADER],
      ),
    }),
  );
};
