import { AppError, ErrorCodes, type IntegrationScope } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import {
  cachedKey,
  type IntegrationCaller,
  type KeyRequestLimit,
  type KeyUsage,
} from '../../services/integrations';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration key an /integrations/* request came with (set by keyGuard). */
    integration: IntegrationCaller;
  }
  interface FastifyContextConfig {
    /** The scope an /integrations/* route needs (keyGuard refuses a key without it). */
    scope?: IntegrationScope;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** What the guard needs: the keys' table, the clock, the per-key limit and the last-used recorder. */
export interface KeyGuardDeps {
  db: Db;
  clock: Clock;
  limit: KeyRequestLimit;
  usage: KeyUsage;
}

/**
 * onRequest for /integrations/*: `Authorization: Bearer <key>` naming a live key (else 401 10005; the
 * lookup cached a few seconds, decision 0241), within its requests a minute (else 429 10021 with
 * Retry-After), with the route's scope (else 403 10005 naming the scope: the key is known, it may not
 * do this). Every request of a known key counts as a use (`last_used_at`, written at most once a minute).
 */
export const keyGuard = (deps: KeyGuardDeps) => async (request: FastifyRequest) => {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const caller = token ? await cachedKey(deps.db, token) : null;
  if (!caller)
    throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
      message: 'An integration key is needed: Authorization: Bearer <key>',
    });
  const now = deps.clock.now();
  await deps.usage.record(caller.keyId, now);
  let admission: Awaited<ReturnType<KeyRequestLimit['admit']>>;
  try {
    admission = await deps.limit.admit(caller.keyId, now);
  } catch (error) {
    // The limit protects the server from one key's flood; it is no guard against guessing, so a broken
    // store (Redis down) lets requests through rather than stopping every till (decision 0241).
    request.log.warn({ err: error }, 'integration key limit store unavailable');
    admission = { allowed: true };
  }
  if (!admission.allowed)
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      status: 429,
      message: `This key made more than ${deps.limit.limit} requests in a minute: try again in ${admission.retryAfterSeconds} s`,
      detail: { retryAfterSeconds: admission.retryAfterSeconds, limitPerMinute: deps.limit.limit },
    });
  const scope = request.routeOptions.config.scope;
  if (scope && !caller.scopes.includes(scope))
    throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
      status: 403,
      message: `This key does not have the ${scope} scope`,
      detail: { requiredScope: scope },
    });
  request.integration = caller;
};
