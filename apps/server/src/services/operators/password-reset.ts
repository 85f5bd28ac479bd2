import { normaliseEmail } from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import type { Mailer } from '../mail';
import { type LimitDeps, reserveAttempt } from '../rate-limit/reserve-attempt';
import { issueLink } from './links';
import { findOperatorByEmail } from './principal';
import { sendLink } from './send-link';

/**
 * POST /console/password-reset. Every request counts, per address and per e-mail, under the sign-in
 * limits (O2.4): nobody can mail a person links without end, or probe e-mails from one address. The
 * rest (the lookup, the link, the mail) runs after the answer: the answer is the same, and takes the same
 * time, whether the e-mail is an operator's or not. Returns that rest, for afterAnswer (lib/after-answer.ts).
 */
export async function requestPasswordReset(
  deps: LimitDeps & { db: Db; mailer: Mailer },
  input: { email: string; address: string; origin: string },
): Promise<() => Promise<void>> {
  const email = normaliseEmail(input.email);
  await reserveAttempt(
    deps,
    [`reset:address:${input.address}`, `reset:email:${email}`],
    (minutes) => `Too many password reset requests; try again in ${minutes} min`,
  );
  return async () => {
    const operator = await findOperatorByEmail(deps.db, email);
    if (!operator) return;
    const token = await issueLink(deps.db, operator.id, 'reset', deps.now);
    await sendLink(deps, { purpose: 'reset', operator, token, origin: input.origin });
  };
}
