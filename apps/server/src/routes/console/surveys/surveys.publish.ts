import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishDraft } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyChange, surveyParams } from './shared';

/**
 * POST /console/surveys/{id}/publish (operator-side.md): the saved draft becomes the next immutable
 * version, served to guests from now on (guests who started keep theirs). 400 10025 with each fault's
 * path while publishFaults names any; 404 10014 with `detail.draft: null` when there is no draft.
 */
export const surveysPublishRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys/:surveyId/publish',
    {
      schema: consoleSchema('Publish the draft as the next version', {
        params: surveyParams,
        response: {
          200: dataEnvelope(z.object({ version: z.number().int() })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      const published = await publishDraft(surveyChange(deps, request), request.params.surveyId);
      deps.onSurveysChange(request.operator.companyId);
      return { data: published };
    },
  );
};
