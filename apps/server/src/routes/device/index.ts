import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../services/rate-limit/limiter';
import { deviceConfigureRoute } from './device.configure';
import { deviceDeregisterRoute } from './device.deregister';
import { deviceRegisterRoute } from './device.register';

export interface DeviceRouteDeps {
  db: Db;
  clock: Clock;
  /** The key branch device passcodes are sealed with (decision 0080). */
  passcodeKey: Buffer;
  /** Limits failed registrations (REGISTRATION_POLICY). */
  registrationLimiter: RateLimiter;
}

/** The device.* calls of D7: register (the passcode proof) and the two token-authenticated ones. */
export const deviceRoutes: FastifyPluginAsyncZod<DeviceRouteDeps> = async (
  app,
  { db, clock, passcodeKey, registrationLimiter },
) => {
  const deps = { db, clock, passcodeKey, registrationLimiter };
  await app.register(deviceRegisterRoute, deps);
  await app.register(deviceConfigureRoute, deps);
  await app.register(deviceDeregisterRoute, deps);
};
