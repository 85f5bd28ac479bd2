import { AppError, ErrorCodes, type IntegrationScope } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import { findKey, type IntegrationCaller } from '../../services/integrations';

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

/**
 * onRequest for /integrations/*: `Authorization: Bearer <key>` naming a live key (else 401 10005), with
 * the route's scope (else 403 10005 naming the scope: the key is known, it may not do this).
 */
export const keyGuard = (db: Db) => async (request: FastifyRequest) => {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const caller = token ? await findKey(db, token) : null;
  if (!caller)
    throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
      message: 'An integration key is needed: Authorization: Bearer <key>',
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
