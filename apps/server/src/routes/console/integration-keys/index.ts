import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { keysCreateRoute } from './keys.create';
import { keysListRoute } from './keys.list';
import { keysRevokeRoute } from './keys.revoke';

/** Integration keys (issue 30 item 5): the owner makes, lists and revokes them (O1.3). */
export const integrationKeysRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(keysCreateRoute, deps);
  await app.register(keysListRoute, deps);
  await app.register(keysRevokeRoute, deps);
};
