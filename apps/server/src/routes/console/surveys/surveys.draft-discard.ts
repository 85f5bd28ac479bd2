import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discardDraft } from '../../../services/survey-versions';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { type SurveyRouteDeps, surveyChange, surveyParams } from './shared';

/** DELETE /console/surveys/{id}/draft: the draft goes; the published version stays as it is. */
export const surveysDraftDiscardRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.delete(
    '/surveys/:surveyId/draft',
    {
      schema: consoleSchema('Discard the draft', {
        params: surveyParams,
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      await discardDraft(surveyChange(deps, request), request.params.surveyId);
      return { data: {} };
    },
  );
};
