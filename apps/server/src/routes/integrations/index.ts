import { INTEGRATION_KEY_LIMIT_DEFAULT } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { createKeyRequestLimit, createKeyUsage, type KeyRequestLimit } from '../../services/integrations';
import { keyGuard } from './auth';
import { responsesPullRoute } from './responses/responses.pull';
import { menuReplaceRoute } from './till/menu.replace';
import { transactionsCreateRoute } from './till/transactions.create';

/** What the integrations' routes are given. */
export interface IntegrationRouteDeps {
  db: Db;
  clock: Clock;
}

/** What the plugin takes beyond its routes' deps: where the per-key counters live, and the limit. */
export interface IntegrationPluginOptions extends IntegrationRouteDeps {
  /** Redis for the per-key counters when replicas share one; absent: this process's memory. */
  redisUrl?: string | undefined;
  /** Requests a minute per key (INTEGRATION_KEY_LIMIT_PER_MINUTE; default 60,000). */
  keyLimitPerMinute?: number | undefined;
  /** A limit of the caller's (tests); closed by its owner. */
  keyLimit?: KeyRequestLimit;
}

/**
 * The integrations API (operator-side.md): tills and BI tools with an integration key, one file per call
 * under `<area>/<call>.ts`; each route names its scope in its config (`config: { scope }`).
 */
export const integrationRoutes: FastifyPluginAsyncZod<IntegrationPluginOptions> = async (app, options) => {
  const { db, clock } = options;
  const deps: IntegrationRouteDeps = { db, clock };
  const limit =
    options.keyLimit ??
    createKeyRequestLimit(
      { db, redisUrl: options.redisUrl },
      options.keyLimitPerMinute ?? INTEGRATION_KEY_LIMIT_DEFAULT,
    );
  if (!options.keyLimit) app.addHook('onClose', () => limit.close());
  const usage = createKeyUsage({ db, log: app.log });
  app.decorateRequest('integration', null as never);
  app.addHook('onRequest', keyGuard({ db, clock, limit, usage }));

  // Responses for BI tools (issue 30 item 7).
  await app.register(responsesPullRoute, deps);
  // The till: checks and the menu from the EPOS (issue 30 item 6).
  await app.register(transactionsCreateRoute, deps);
  await app.register(menuReplaceRoute, deps);
};
