import {
  dataEnvelope,
  deviceDeregistrationResponseSchema,
  deviceDeregistrationSchema,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deregisterDevice } from '../../services/devices/registration';
import { appHeaders } from './fields';
import type { DeviceRouteDeps } from './index';
import { deviceErrorResponses } from './responses';
import { deviceSessionHook, sessionDevice } from './session';

/** device.deregister (D2 reset device, D7): revokes the device token; the device id is free again. */
export const deviceDeregisterRoute: FastifyPluginAsyncZod<DeviceRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/deregister',
    {
      onRequest: deviceSessionHook(db),
      schema: {
        tags: ['device'],
        summary: 'Reset the tablet: revoke its token (app mode)',
        headers: appHeaders,
        body: deviceDeregistrationSchema,
        response: { 200: dataEnvelope(deviceDeregistrationResponseSchema), ...deviceErrorResponses },
      },
    },
    async (request) => {
      const result = await deregisterDevice(db, sessionDevice(request), request.body.uuid, clock.now());
      request.log.info({ deviceId: result.deviceId }, 'device deregistered');
      return { data: result };
    },
  );
};
