import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { duplicateSurvey } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyChange, surveyParams } from './shared';

/**
 * POST /console/surveys/{id}/duplicate: a copy of the published version (slug `<slug>-copy`, name
 * "<name> (copy)", the same branches), version 1 and inactive (decision 0255).
 */
export const surveysDuplicateRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys/:surveyId/duplicate',
    {
      schema: consoleSchema('Duplicate a survey (inactive copy)', {
        params: surveyParams,
        response: { 201: dataEnvelope(z.object({ id: z.number().int() })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const copy = await duplicateSurvey(surveyChange(deps, request), request.params.surveyId);
      return reply.status(201).send({ data: copy });
    },
  );
};
