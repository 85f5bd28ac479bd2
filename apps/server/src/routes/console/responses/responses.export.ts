import { PassThrough } from 'node:stream';
import { EXPORT_FORMATS, inboxQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_CONTENT_TYPES,
  exportColumns,
  exportPages,
  exportSurveys,
  primed,
  writeExport,
} from '../../../services/exports';
import { checkedInboxFilter, inboxScope, inboxWhere } from '../../../services/inbox';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

const exportQuerySchema = inboxQuerySchema.omit({ cursor: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv').describe('csv (default) or xlsx'),
});

/**
 * GET /console/responses/export: the inbox's current filter as one file, a row per response (columns:
 * docs/exports.md), streamed a page at a time with constant memory; every check (filter, period, branch,
 * survey) answers before the first byte, as the inbox would.
 */
export const responsesExportRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/responses/export',
    {
      schema: consoleSchema('The inbox’s filter as a CSV or XLSX file, one row per response', {
        querystring: exportQuerySchema,
        produces: Object.values(EXPORT_CONTENT_TYPES),
        response: { 200: z.any().describe('The file'), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const filter = checkedInboxFilter(query);
      const scope = await inboxScope(db, request.operator, filter);
      const surveys = await exportSurveys(db, scope.companyId, scope.surveyId);
      const columns = exportColumns(surveys.values());
      const pages = await primed(
        exportPages(db, scope.companyId, inboxWhere(scope, filter), surveys, columns),
      );
      const body = new PassThrough();
      writeExport(format, columns, pages, body).catch((error: unknown) => {
        // The answer has begun: the client sees a cut file (no closing bytes), never a whole wrong one.
        request.log.error({ err: error }, 'response export failed');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      const period = scope.period ? `${scope.period.from}-to-${scope.period.to}` : 'all';
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="responses-${period}.${format}"`)
        .send(body);
    },
  );
};
