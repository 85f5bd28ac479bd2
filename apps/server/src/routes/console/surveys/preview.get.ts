import { dataEnvelope, surveyPreviewAnswerSchema, surveyPreviewQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { previewConfig } from './preview-config';

/**
 * GET /console/surveys/{id}/preview-config (issue 31 item 4, decision 0258): survey.config's web answer for
 * the survey's draft (or its published version) in one language, for anyone who may read the survey (O1.9).
 * The guest app's /preview page asks for it: the session cookie's path is the console API's, and a
 * same-origin page sends it there whatever its own path.
 */
export const surveysPreviewRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/surveys/:surveyId/preview-config',
    {
      schema: consoleSchema("A survey's preview as a guest would be served it", {
        params: z.object({ surveyId: idPathParam() }),
        querystring: surveyPreviewQuerySchema,
        response: { 200: dataEnvelope(surveyPreviewAnswerSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: await previewConfig(db, request.operator, {
        surveyId: request.params.surveyId,
        language: request.query.language,
        which: request.query.which,
        branchId: request.query.branchId,
      }),
    }),
  );
};
