import { dataEnvelope, reportQuerySchema, staffReportSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportScope } from '../../../services/reports/scope';
import { staffReport } from '../../../services/reports/staff';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/reports/staff: per team member and per branch, times chosen, scores, tags, comments. */
export const reportsStaffRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/staff',
    {
      schema: consoleSchema('The team report: who guests named, how those visits scored, what they said', {
        querystring: reportQuerySchema,
        response: { 200: dataEnvelope(staffReportSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const scope = await reportScope(db, request.operator, request.query);
      return { data: await staffReport(db, scope) };
    },
  );
};
