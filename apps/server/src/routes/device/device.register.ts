import {
  dataEnvelope,
  deviceRegistrationResponseSchema,
  deviceRegistrationSchema,
  RegistrationMode,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchDetails,
  checkPass,
  findRegistrationBranch,
  registerDevice,
} from '../../services/devices/registration';
import { limitRegistration, registrationTargets } from '../../services/devices/registration-limit';
import { assertRegistrationFields, headerText, registrationHeaders } from './fields';
import type { DeviceRouteDeps } from './index';
import { deviceErrorResponses } from './responses';

/**
 * device.register (D7): X-Company, X-Branch and X-Device-Id name the device; `pass` proves the branch's
 * device passcode once; the answer carries a new device token, shown this once and stored only hashed.
 */
export const deviceRegisterRoute: FastifyPluginAsyncZod<DeviceRouteDeps> = async (
  app,
  { db, clock, passcodeKey, registrationLimiter },
) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['device'],
        summary: 'Register a tablet to a branch with the branch device passcode',
        headers: registrationHeaders,
        body: deviceRegistrationSchema,
        response: { 200: dataEnvelope(deviceRegistrationResponseSchema), ...deviceErrorResponses },
      },
    },
    async (request) => {
      const companyKey = headerText(request, 'x-company');
      const branch = headerText(request, 'x-branch');
      const deviceId = headerText(request, 'x-device-id');
      const { pass, uuid, configuration } = request.body;
      const settingsPasscode = configuration.settingsPasscode;
      assertRegistrationFields(RegistrationMode.REGISTER, {
        companyKey,
        branchId: branch,
        deviceId,
        settingsPasscode,
      });
      const now = clock.now();
      const targets = registrationTargets({ companyKey, branch, deviceId, address: request.ip });
      return limitRegistration(
        { limiter: registrationLimiter, log: request.log, now },
        targets,
        async (accepted) => {
          const found = await findRegistrationBranch(db, companyKey, branch);
          await checkPass(passcodeKey, found.branch, deviceId, pass);
          await accepted();
          const { token, registeredAt } = await registerDevice(db, {
            companyId: found.company.id,
            branchId: found.branch.id,
            deviceId,
            uuid,
            settingsPasscode,
            now,
          });
          request.log.info({ deviceId, branchId: found.branch.id }, 'device registered');
          return {
            data: {
              token,
              deviceId,
              uuid,
              branchId: found.branch.id,
              companyKey: found.company.key,
              settingsPasscode,
              branch: branchDetails(found.branch),
              registeredAt: registeredAt.toISOString(),
            },
          };
        },
      );
    },
  );
};
