import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { multipartOptions } from '../../services/images/upload-request';
import { deviceSessionHook } from '../device/session';
import { manageStaffAddRoute } from './manage.staff.add';
import { manageStaffDeleteRoute } from './manage.staff.delete';
import { manageStaffListingRoute } from './manage.staff.listing';
import { manageStaffMemberRoute } from './manage.staff.member';
import { manageStaffUpdateRoute } from './manage.staff.update';
import { manageTeamListingRoute } from './manage.team.listing';
import type { ManageRouteDeps } from './shared';

export type { ManageRouteDeps } from './shared';

/** The manage.* calls of D7, one file each: the device token names the branch, X-Staff-Pin the member acting. */
export const manageRoutes: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, options) => {
  // Only the dependencies go on: the options object also carries this plugin's prefix.
  const { db, clock, storage, staffPinLimiter, onTeamChange } = options;
  const deps = { db, clock, storage, staffPinLimiter, onTeamChange };
  app.addHook('onRequest', deviceSessionHook(db));
  // add and update take JSON, or multipart with a `json` part and an `image` part (the guest pipeline's).
  await app.register(multipart, multipartOptions);
  await app.register(manageStaffListingRoute, deps);
  await app.register(manageStaffMemberRoute, deps);
  await app.register(manageStaffAddRoute, deps);
  await app.register(manageStaffUpdateRoute, deps);
  await app.register(manageStaffDeleteRoute, deps);
  await app.register(manageTeamListingRoute, deps);
};
