import { dataEnvelope, guestLinkItemSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intParam } from '../../../lib/params';
import { guestLinkItem } from '../../../services/links/items';
import { listLinkTargets } from '../../../services/links/targets';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { linkPlace, linksContext, tableOf, tableQuery } from './shared';

const querystring = z.object({
  surveyId: intParam(1, 2_147_483_647).describe('Only this survey'),
  branchId: intParam(1, 2_147_483_647).describe('Only this branch (one the operator may not see: 404 10012)'),
  table: tableQuery,
});

/**
 * GET /console/links: the guest link of every active survey at every branch the operator may see (O1.4,
 * O4.1), or of one table there (O4.2), with what its QR code holds and where its files are.
 */
export const linksListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/links',
    {
      schema: consoleSchema('Guest links per survey and branch (and table)', {
        querystring,
        response: {
          200: dataEnvelope(z.object({ items: z.array(guestLinkItemSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      const { surveyId, branchId, table: rawTable } = request.query;
      const table = tableOf(rawTable);
      const targets = await listLinkTargets(linksContext(deps, request), { surveyId, branchId });
      const place = linkPlace(deps, request);
      return { data: { items: targets.map((target) => guestLinkItem(target, place, table)) } };
    },
  );
};
