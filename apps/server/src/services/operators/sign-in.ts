import {
  AppError,
  ErrorCodes,
  normaliseEmail,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_WINDOW_MS,
  signInTargets,
} from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import type { FailurePolicy } from '../rate-limit/limiter';
import { type LimitDeps, reserveAttempt } from '../rate-limit/reserve-attempt';
import { verifyPassword } from './password';
import { findOperatorByEmail, type OperatorRow } from './principal';
import { type NewSession, startSession } from './sessions';

/**
 * The console's guess limits (O2.4): 5 failures per e-mail and per address in 15 minutes for sign-ins;
 * the same counts, under targets of their own, for password-reset requests and PATCH /me's current
 * password. Its store is the shared one (Redis when REDIS_URL is set, else the database), so any replica
 * counts every attempt.
 */
export const CONSOLE_AUTH_POLICY: FailurePolicy = {
  name: 'console-auth',
  limit: SIGN_IN_FAILURE_LIMIT,
  windowMs: SIGN_IN_WINDOW_MS,
};

/** 401 10005 for a wrong e-mail and a wrong password alike: the answer never says which it was. */
export const wrongSignIn = () =>
  new AppError(ErrorCodes.NOT_AUTHENTICATED, { message: 'Wrong e-mail or password', ui: true });

/**
 * Checks an e-mail and password under the limits and starts a session. An unknown e-mail costs one
 * argon2 verification too (verifyPassword's stand-in hash), so timing does not tell it apart; an
 * operator invited but without a password yet cannot sign in. A right password releases its reservation:
 * only failures count.
 */
export async function signIn(
  deps: LimitDeps & { db: Db },
  input: { email: string; password: string; address: string },
): Promise<{ operator: OperatorRow; session: NewSession }> {
  const release = await reserveAttempt(
    deps,
    signInTargets(input.email, input.address),
    (minutes) => `Too many failed sign-ins; try again in ${minutes} min`,
  );
  let operator: OperatorRow | null;
  try {
    operator = await findOperatorByEmail(deps.db, normaliseEmail(input.email));
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
  if (!(await verifyPassword(input.password, operator?.passwordHash ?? null)) || !operator)
    throw wrongSignIn();
  await release();
  return { operator, session: await startSession(deps.db, operator.id, deps.now) };
}
