import { dataEnvelope, reportTrendQuerySchema, reportTrendSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportTrend } from '../../../services/reports/trend';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/reports/trend: responses, NPS and CSAT per day, week or month of a period (O5.8, O5.13). */
export const reportsTrendRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/trend',
    {
      schema: consoleSchema('Responses, NPS and CSAT per day, week or month', {
        querystring: reportTrendQuerySchema,
        response: { 200: dataEnvelope(reportTrendSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await reportTrend({ db, operator: request.operator }, request.query) }),
  );
};
