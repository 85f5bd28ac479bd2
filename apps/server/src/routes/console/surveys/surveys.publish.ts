import { DRAFT_REVISION_HEADER, dataEnvelope, revisionSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishDraft } from '../../../services/survey-versions';
import { consoleSchema } from '../shared';
import {
  changeErrorResponses,
  revisionHeaders,
  type SurveyRouteDeps,
  surveyChange,
  surveyParams,
} from './shared';

/**
 * POST /console/surveys/{id}/publish (operator-side.md): the saved draft becomes the next immutable
 * version, served to guests from now on (guests who started keep theirs). 400 10025 with each fault's
 * path while publishFaults names any; 404 10014 with `detail.draft: null` when there is no draft; 409
 * 10035 when the draft is no longer at X-Draft-Revision (O15.52: guests get only what the operator saw).
 */
export const surveysPublishRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys/:surveyId/publish',
    {
      schema: consoleSchema('Publish the draft as the next version', {
        params: surveyParams,
        headers: revisionHeaders,
        response: {
          200: dataEnvelope(z.object({ version: z.number().int(), revision: revisionSchema })),
          ...changeErrorResponses,
        },
      }),
    },
    async (request) => {
      const published = await publishDraft(
        surveyChange(deps, request),
        request.params.surveyId,
        request.headers[DRAFT_REVISION_HEADER],
      );
      deps.onSurveysChange(request.operator.companyId);
      return { data: published };
    },
  );
};
