import { consoleDeviceSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { releaseConsoleDevice } from '../../../services/setup/devices';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** POST /console/devices/{id}/release: its token revoked and its id freed (`device:release`, a tablet that lost its storage). */
export const devicesReleaseRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/devices/:id/release',
    {
      schema: consoleSchema('Release a tablet', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ device: consoleDeviceSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { device: await releaseConsoleDevice(setupContext(deps, request), request.params.id) },
    }),
  );
};
