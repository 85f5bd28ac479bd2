import { consoleDeviceSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setConsoleDeviceEnabled } from '../../../services/setup/devices';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** POST /console/devices/{id}/enable: undoes disable (`device:enable`). */
export const devicesEnableRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/devices/:id/enable',
    {
      schema: consoleSchema('Enable a tablet', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ device: consoleDeviceSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { device: await setConsoleDeviceEnabled(setupContext(deps, request), request.params.id, true) },
    }),
  );
};
