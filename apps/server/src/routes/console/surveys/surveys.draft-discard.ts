import { DRAFT_REVISION_HEADER, dataEnvelope, revisionSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discardDraft } from '../../../services/survey-versions';
import { consoleSchema } from '../shared';
import {
  changeErrorResponses,
  revisionHeaders,
  type SurveyRouteDeps,
  surveyChange,
  surveyParams,
} from './shared';

/**
 * DELETE /console/surveys/{id}/draft: the draft goes, while still at X-Draft-Revision (else 409 10035:
 * work saved since is never thrown away unseen, O15.52); the published version stays as it is.
 */
export const surveysDraftDiscardRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.delete(
    '/surveys/:surveyId/draft',
    {
      schema: consoleSchema('Discard the draft', {
        params: surveyParams,
        headers: revisionHeaders,
        response: { 200: dataEnvelope(z.object({ revision: revisionSchema })), ...changeErrorResponses },
      }),
    },
    async (request) => ({
      data: await discardDraft(
        surveyChange(deps, request),
        request.params.surveyId,
        request.headers[DRAFT_REVISION_HEADER],
      ),
    }),
  );
};
