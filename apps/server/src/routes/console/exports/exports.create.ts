import { dataEnvelope, EXPORT_FORMATS, exportJobSchema, inboxQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportDeps, startExport } from '../../../services/exports';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { exportJobOf } from './shared';

const bodySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    filter: inboxQuerySchema.omit({ cursor: true, limit: true }).strict().default({}),
  })
  .strict();

/**
 * POST /console/exports {format, filter}: the inbox's filter (its query's names and values) to a file,
 * made in the background; 202 with the export's progress. The filter's faults answer as the inbox's.
 */
export const exportsCreateRoute: FastifyPluginAsyncZod<{ jobs: ExportDeps }> = async (app, { jobs }) => {
  app.post(
    '/exports',
    {
      schema: consoleSchema('Export the inbox’s filter as a file, made in the background', {
        body: bodySchema,
        response: { 202: dataEnvelope(z.object({ export: exportJobSchema })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const row = await startExport(jobs, request.operator, request.body.format, request.body.filter);
      return reply.code(202).send({ data: { export: exportJobOf(row) } });
    },
  );
};
