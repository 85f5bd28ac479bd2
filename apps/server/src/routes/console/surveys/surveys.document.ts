import { dataEnvelope, surveyDocumentAnswerSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveyDocumentAnswer } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyParams } from './shared';

/**
 * GET /console/surveys/{id}/document (operator-side.md): the published version (document, when and by
 * whom) and the draft, if any, with the faults that stop its publish; 404 10014 for a survey the
 * operator may not read.
 */
export const surveysDocumentRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, { db }) => {
  app.get(
    '/surveys/:surveyId/document',
    {
      schema: consoleSchema('The survey as one document: the published version and the draft, if any', {
        params: surveyParams,
        response: { 200: dataEnvelope(surveyDocumentAnswerSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await surveyDocumentAnswer(db, request.operator, request.params.surveyId) }),
  );
};
