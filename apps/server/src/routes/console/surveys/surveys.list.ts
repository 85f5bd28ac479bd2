import { dataEnvelope, surveyListItemSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSurveys } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import type { SurveyRouteDeps } from './shared';

/** GET /console/surveys: the company's surveys the operator may read (O1.9), each with `editable` (O1.10). */
export const surveysListRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, { db }) => {
  app.get(
    '/surveys',
    {
      schema: consoleSchema('The surveys the operator may read, each saying whether they may edit it', {
        response: {
          200: dataEnvelope(z.object({ items: z.array(surveyListItemSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({ data: { items: await listSurveys(db, request.operator) } }),
  );
};
