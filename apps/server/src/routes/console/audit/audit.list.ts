import { auditEntrySchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCanonicalId } from '../../../lib/params';
import { listAudit } from '../../../services/audit/list';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, requireOwner } from '../shared';

const query = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Expected the nextCursor of the page before')
    .optional()
    .describe("The page before's nextCursor"),
});

/** GET /console/audit: who changed what and when, newest first, 50 a page, a year kept (owner). */
export const auditListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      schema: consoleSchema("The company's audit log (owner)", {
        querystring: query,
        response: {
          200: dataEnvelope(
            z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
          ),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      requireOwner(request.operator);
      const { cursor } = request.query;
      const after = cursor === undefined ? undefined : (parseCanonicalId(cursor) ?? 1);
      return { data: await listAudit(db, request.operator.companyId, after) };
    },
  );
};
