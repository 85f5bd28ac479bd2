import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportSurvey } from '../../../services/survey-versions';
import { sendFile } from '../links/shared';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyParams } from './shared';

/**
 * GET /console/surveys/{id}/export?which=published|draft: the document as a JSON file to keep or import
 * elsewhere (POST /console/surveys takes it back); 404 10014 for a draft that is not there.
 */
export const surveysExportRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, { db }) => {
  app.get(
    '/surveys/:surveyId/export',
    {
      schema: consoleSchema('The survey document as a JSON file (the published version or the draft)', {
        description:
          'A JSON survey document, saved as a file (Content-Disposition: attachment; `<slug>-v<version>.json`, ' +
          'a draft `<slug>-v<basedOn>-draft.json`).',
        params: surveyParams,
        querystring: z.object({ which: z.enum(['published', 'draft']).default('published') }),
        response: consoleErrorResponses,
      }),
    },
    async (request, reply) => {
      const file = await exportSurvey(db, request.operator, request.params.surveyId, request.query.which);
      return sendFile(
        reply,
        'application/json; charset=utf-8',
        file.fileName,
        `${JSON.stringify(file.document, null, 2)}\n`,
      );
    },
  );
};
