import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/connection';
import { SESSION_COOKIE } from '../../src/routes/console/session-cookie';
import { CONSOLE_PREFIX } from '../../src/routes/console/shared';
import { startSession } from '../../src/services/operators/sessions';
import { NOW } from '../harness';

export { DEMO_SIGN_INS } from '../../src/db/seed/demo-operators';

/** The console API's base path. */
export const CONSOLE = CONSOLE_PREFIX;

/** The site's origin as app.inject calls it (Host `localhost:80`, plain HTTP): what the Origin check wants. */
export const SITE_ORIGIN = 'http://localhost';

/** Headers of a console caller: its session cookie and the site's Origin, to spread into inject's headers. */
export interface ConsoleHeaders {
  cookie: string;
  origin: string;
  [name: string]: string;
}

/** The `vv_console=<token>` pair of an answer's Set-Cookie, or null when it sets none. */
export function sessionCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const found = list.find((c: string) => c.startsWith(`${SESSION_COOKIE}=`));
  const pair = found?.split(';')[0];
  return pair && pair !== `${SESSION_COOKIE}=` ? pair : null;
}

/**
 * Signs in through POST /console/session and answers the headers of the signed-in caller; throws with
 * the answer when the sign-in is refused.
 */
export async function signIn(
  harness: { app: FastifyInstance },
  email: string,
  password: string,
): Promise<ConsoleHeaders> {
  const response = await harness.app.inject({
    method: 'POST',
    url: `${CONSOLE}/session`,
    headers: { origin: SITE_ORIGIN },
    payload: { email, password },
  });
  const cookie = sessionCookieOf(response.headers);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`sign-in of ${email} refused: ${response.statusCode} ${response.body}`);
  }
  return { cookie, origin: SITE_ORIGIN };
}

/**
 * A session made straight in the database (no argon2 check): for tests about what a signed-in operator
 * may do, not about signing in (the tenant matrix signs in dozens of times).
 */
export async function sessionHeaders(db: Db, operatorId: number, now: Date = NOW): Promise<ConsoleHeaders> {
  const { token } = await startSession(db, operatorId, now);
  return { cookie: `${SESSION_COOKIE}=${token}`, origin: SITE_ORIGIN };
}
