import { dataEnvelope, staffMemberSchema, teamSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listStaff } from '../../../services/setup/staff';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/branches/{id}/staff: the branch's team in the tablet's order (never a PIN) and the team categories. */
export const staffListRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.get(
    '/branches/:id/staff',
    {
      schema: consoleSchema("A branch's team", {
        params: idParams,
        response: {
          200: dataEnvelope(z.object({ items: z.array(staffMemberSchema), teams: z.array(teamSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({ data: await listStaff(setupContext(deps, request), request.params.id) }),
  );
};
