import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { ConsoleOperator } from '../../services/operators/principal';
import { sessionOperator } from '../../services/operators/sessions';
import { clearSessionCookie, SESSION_COOKIE, sessionToken, setSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator (console routes that are not public); read from the database per request. */
    operator: ConsoleOperator;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The site's own origin: PUBLIC_URL's when set, else the request's protocol and host (trust-proxy aware). */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
}

/** The request's Origin header when it names the site itself; a missing, opaque (`null`) or foreign one does not. */
function sameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).origin === siteOrigin(request, publicUrl);
  } catch {
    return false;
  }
}

/**
 * onRequest: a state-changing console call (POST, PUT, PATCH, DELETE) must come from the site's own pages:
 * its Origin header equal to the site's origin, else 403 10034 (console-contract.md). Beside SameSite=Lax
 * this stops cross-site forms and a sign-in forced on someone from another site (login CSRF).
 */
export const originGuard = (publicUrl: string | undefined) => async (request: FastifyRequest) => {
  if (!STATE_CHANGING.has(request.method) || sameOrigin(request, publicUrl)) return;
  const origin = request.headers.origin;
  throw new AppError(ErrorCodes.NOT_PERMITTED, {
    message: 'Cross-site request refused',
    detail: { origin: typeof origin === 'string' ? origin.slice(0, 200) : null },
  });
};

/**
 * onRequest: every console route but the public ones needs a live session (401 10005). The operator is
 * read afresh from the database (role, branches), so a change applies at once on every replica; a
 * session used after a minute slides its expiry and its cookie's (O2.2).
 */
export const sessionGuard =
  ({ db, clock }: { db: Db; clock: Clock }) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.consolePublic) return;
    const token = sessionToken(request);
    const found = token ? await sessionOperator(db, token, clock.now()) : null;
    if (!token || !found) {
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
      throw new AppError(ErrorCodes.NOT_AUTHENTICATED, { message: 'Sign in to the console', ui: true });
    }
    request.operator = found.operator;
    if (found.renewedUntil) setSessionCookie(request, reply, token, found.renewedUntil);
  };
