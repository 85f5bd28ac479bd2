import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { keyGuard } from './auth';
import { menuReplaceRoute } from './till/menu.replace';
import { transactionsCreateRoute } from './till/transactions.create';

/** What the integrations' routes are given. */
export interface IntegrationRouteDeps {
  db: Db;
  clock: Clock;
}

/**
 * The integrations API (operator-side.md): tills and BI tools with an integration key, one file per call
 * under `<area>/<call>.ts`; each route names its scope in its config (`config: { scope }`).
 */
export const integrationRoutes: FastifyPluginAsyncZod<IntegrationRouteDeps> = async (app, options) => {
  const { db, clock } = options;
  const deps: IntegrationRouteDeps = { db, clock };
  app.decorateRequest('integration', null as never);
  app.addHook('onRequest', keyGuard(db));
  void deps;
  // The till: checks and the menu from the EPOS (issue 30 item 6).
  await app.register(transactionsCreateRoute, deps);
  await app.register(menuReplaceRoute, deps);
};
