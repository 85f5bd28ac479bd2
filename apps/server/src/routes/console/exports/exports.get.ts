import { dataEnvelope, exportJobSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { type ExportDeps, ownExport } from '../../../services/exports';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { exportJobOf } from './shared';

/** GET /console/exports/{id}: the operator's own export, its state and progress; anyone else's is 404 10014. */
export const exportsGetRoute: FastifyPluginAsyncZod<{ jobs: ExportDeps }> = async (app, { jobs }) => {
  app.get(
    '/exports/:id',
    {
      schema: consoleSchema('An export’s state and progress', {
        params: z.object({ id: idPathParam() }),
        response: { 200: dataEnvelope(z.object({ export: exportJobSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const row = await ownExport(jobs.db, request.operator, request.params.id, jobs.now());
      return { data: { export: exportJobOf(row) } };
    },
  );
};
