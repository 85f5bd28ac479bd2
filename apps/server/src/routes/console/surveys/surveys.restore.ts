import { DRAFT_REVISION_HEADER, dataEnvelope, revisionSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { restoreVersion } from '../../../services/survey-versions';
import { consoleSchema } from '../shared';
import {
  changeErrorResponses,
  faultsSchema,
  revisionHeaders,
  type SurveyRouteDeps,
  surveyChange,
} from './shared';

/**
 * POST /console/surveys/{id}/versions/{version}/restore: that version's document becomes the draft
 * (based on it); the current version stays live until the next publish. Audited `survey.restore`. 409
 * 10035 when the draft is no longer at X-Draft-Revision (O15.52: it replaces only the draft one saw).
 */
export const surveysRestoreRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys/:surveyId/versions/:version/restore',
    {
      schema: consoleSchema('Restore a published version as the draft', {
        params: z.object({ surveyId: idPathParam(), version: idPathParam() }),
        headers: revisionHeaders,
        response: {
          200: dataEnvelope(
            z.object({
              basedOn: z.number().int(),
              faults: faultsSchema,
              updatedAt: z.string(),
              revision: revisionSchema,
            }),
          ),
          ...changeErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: await restoreVersion(
        surveyChange(deps, request),
        request.params.surveyId,
        request.params.version,
        request.headers[DRAFT_REVISION_HEADER],
      ),
    }),
  );
};
