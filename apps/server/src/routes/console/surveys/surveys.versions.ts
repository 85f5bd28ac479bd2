import { dataEnvelope, surveyVersionItemSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionHistory } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyParams } from './shared';

/** GET /console/surveys/{id}/versions: the history, newest first: who published what, when, from which. */
export const surveysVersionsRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, { db }) => {
  app.get(
    '/surveys/:surveyId/versions',
    {
      schema: consoleSchema('The published versions of a survey, newest first', {
        params: surveyParams,
        response: {
          200: dataEnvelope(z.object({ items: z.array(surveyVersionItemSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: { items: await versionHistory(db, request.operator, request.params.surveyId) },
    }),
  );
};
