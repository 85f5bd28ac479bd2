import { AppError, ErrorCodes } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/connection';

const healthSchema = z.object({ data: z.object({ status: z.literal('ok'), database: z.literal('ok') }) });

/** GET /api/health: for load balancers and tests; answers 503 10021 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthSchema } } },
    async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, { detail: { database: 'unavailable' } });
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );
};
