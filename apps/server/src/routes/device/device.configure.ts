import {
  dataEnvelope,
  deviceConfigurationResponseSchema,
  deviceConfigurationSchema,
  RegistrationMode,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configureDevice } from '../../services/devices/registration';
import { appHeaders, assertRegistrationFields } from './fields';
import type { DeviceRouteDeps } from './index';
import { deviceErrorResponses } from './responses';
import { deviceSessionHook, sessionDevice } from './session';

/** device.configure (D2 update mode, D7): a registered device changes its settings passcode. */
export const deviceConfigureRoute: FastifyPluginAsyncZod<DeviceRouteDeps> = async (app, { db }) => {
  app.post(
    '/configure',
    {
      onRequest: deviceSessionHook(db),
      schema: {
        tags: ['device'],
        summary: "Change the tablet's settings passcode (app mode)",
        headers: appHeaders,
        body: deviceConfigurationSchema,
        response: { 200: dataEnvelope(deviceConfigurationResponseSchema), ...deviceErrorResponses },
      },
    },
    async (request) => {
      const { configuration, uuid } = request.body;
      assertRegistrationFields(RegistrationMode.UPDATE, { settingsPasscode: configuration.settingsPasscode });
      return {
        data: await configureDevice(db, sessionDevice(request), uuid, configuration.settingsPasscode),
      };
    },
  );
};
