import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { type ExportDeps, exportFile } from '../../../services/exports';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/exports/{id}/file: the finished file, to the operator who asked; 404 10014 until done. */
export const exportsFileRoute: FastifyPluginAsyncZod<{ jobs: ExportDeps }> = async (app, { jobs }) => {
  app.get(
    '/exports/:id/file',
    {
      schema: consoleSchema('Download a finished export', {
        params: z.object({ id: idPathParam() }),
        response: { 200: z.any().describe('The file'), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const { row, object } = await exportFile(jobs, request.operator, request.params.id, jobs.now());
      const day = row.createdAt.toISOString().slice(0, 10);
      reply.header('content-type', object.contentType);
      reply.header(
        'content-disposition',
        `attachment; filename="responses-export-${day}-${row.id}.${row.format}"`,
      );
      if (object.size !== null) reply.header('content-length', String(object.size));
      return reply.send(object.body);
    },
  );
};
