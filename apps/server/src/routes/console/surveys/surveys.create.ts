import { dataEnvelope, id } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSurvey } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { documentBody, SURVEY_BODY_LIMIT, type SurveyRouteDeps, surveyChange } from './shared';

/**
 * POST /console/surveys { document, branchIds }: a new survey from a document (an import, or the
 * console's new survey): 400 10025 with each field's path (schema, then what stops a publish; a slug in
 * use at `survey.slug`), 404 10012 for a branch the operator may not see, 403 10034 without O1.10 for
 * those branches. Stored as version 1, inactive (PATCH …/{id} { active } serves it; decision 0255).
 */
export const surveysCreateRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys',
    {
      bodyLimit: SURVEY_BODY_LIMIT,
      schema: consoleSchema('Create a survey from a document (import or new)', {
        body: z.object({ document: documentBody, branchIds: z.array(id).max(1000) }),
        response: { 201: dataEnvelope(z.object({ id: z.number().int() })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const created = await createSurvey(surveyChange(deps, request), request.body);
      return reply.status(201).send({ data: created });
    },
  );
};
