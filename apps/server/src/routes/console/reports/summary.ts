import { dataEnvelope, reportQuerySchema, reportSummarySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportSummary } from '../../../services/reports/summary';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/reports/summary (operator-side.md "Calls"): responses, NPS, CSAT and the indicators'
 * averages over visits in [from, to] at one branch or every branch the operator sees.
 */
export const reportsSummaryRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/summary',
    {
      schema: consoleSchema('Responses, NPS, CSAT and indicator averages over a period', {
        querystring: reportQuerySchema,
        response: { 200: dataEnvelope(reportSummarySchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await reportSummary({ db, operator: request.operator }, request.query) }),
  );
};
