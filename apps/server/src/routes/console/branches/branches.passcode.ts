import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotatePasscode } from '../../../services/setup/branches';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/branches/{id}/passcode (a manager of it or the owner): a new device passcode, answered
 * once and never logged or audited (O3.16). Registered tablets keep working; the old passcode registers
 * no new one.
 */
export const branchesPasscodeRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/branches/:id/passcode',
    {
      schema: consoleSchema("Rotate a branch's device passcode; answers the new one once", {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ passcode: z.string() })), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const ctx = { ...setupContext(deps, request), passcodeKey: deps.passcodeKey };
      return { data: await rotatePasscode(ctx, request.params.id) };
    },
  );
};
