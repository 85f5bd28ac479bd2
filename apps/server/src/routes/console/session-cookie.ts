import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_PREFIX } from './shared';

/** The console's session cookie (console-contract.md "Session"). */
export const SESSION_COOKIE = 'vv_console';

/** A cookie value that could be a session token (32 random bytes, base64url): anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), Path the console API (the
 * guest app and the tablet never send it), Secure when the request came over HTTPS (request.protocol:
 * the TLS socket, or X-Forwarded-Proto of a TRUST_PROXY proxy only).
 */
const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: CONSOLE_PREFIX,
  secure: request.protocol === 'https',
});

/** The session token the request's cookie holds, when it has the shape of one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : undefined;
}

/** Sets the cookie to end with the session (14 days sliding: set again each time the expiry moves). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
}

/** Tells the browser to forget the cookie (sign-out, a session that ended). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
