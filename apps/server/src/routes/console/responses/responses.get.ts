import { dataEnvelope, responseDetailSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { getResponse } from '../../../services/inbox';
import { VersionDocuments } from '../../../services/survey-versions';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/responses/{id}: one response, every answer labelled from the survey version its guest
 * answered (decision 0256), with its dishes,
 * staff thanks, photo, voucher, receipt and contact details while kept; 404 10014 for one the operator
 * may not see (another company's, a hidden branch's).
 */
export const responsesGetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  const { db } = deps;
  const versions = deps.versions ?? new VersionDocuments();
  app.get(
    '/responses/:id',
    {
      schema: consoleSchema('One response, as the guest gave it', {
        params: z.object({ id: idPathParam() }),
        response: {
          200: dataEnvelope(z.object({ response: responseDetailSchema })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: { response: await getResponse(db, versions, request.operator, request.params.id) },
    }),
  );
};
