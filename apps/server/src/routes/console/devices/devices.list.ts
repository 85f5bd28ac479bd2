import { consoleDeviceSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intParam } from '../../../lib/params';
import { listConsoleDevices } from '../../../services/setup/devices';
import { type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

const querystring = z.object({
  branchId: intParam(1, 2_147_483_647).describe('Only this branch’s tablets (one the operator may see)'),
});

/** GET /console/devices[?branchId=]: every tablet of the branches the operator may see, with its activity. */
export const devicesListRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.get(
    '/devices',
    {
      schema: consoleSchema('The tablets, their state and what they last did', {
        querystring,
        response: {
          200: dataEnvelope(z.object({ items: z.array(consoleDeviceSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: { items: await listConsoleDevices(setupContext(deps, request), request.query.branchId) },
    }),
  );
};
