import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSurveyActive } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyChange, surveyParams } from './shared';

/**
 * PATCH /console/surveys/{id} { active }: serve the survey to guests and tablets, or stop (O1.10 as for
 * editing); a new or duplicated survey starts inactive (decision 0255).
 */
export const surveysUpdateRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.patch(
    '/surveys/:surveyId',
    {
      schema: consoleSchema('Switch a survey on or off for guests', {
        params: surveyParams,
        body: z.object({ active: z.boolean() }).strict(),
        response: {
          200: dataEnvelope(z.object({ active: z.boolean() })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      const { active, changed } = await setSurveyActive(
        surveyChange(deps, request),
        request.params.surveyId,
        request.body.active,
      );
      if (changed) deps.onSurveysChange(request.operator.companyId);
      return { data: { active } };
    },
  );
};
