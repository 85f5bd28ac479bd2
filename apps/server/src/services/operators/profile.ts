import { type Language, passwordFault } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { operators } from '../../db/schema';
import { operatorActor, recordAudit } from '../audit/record';
import { type LimitDeps, reserveAttempt } from '../rate-limit/reserve-attempt';
import { formFault } from './faults';
import { hashPassword, verifyPassword } from './password';
import { type ConsoleOperator, findOperator } from './principal';
import { endOperatorSessions } from './sessions';

export interface ProfilePatch {
  name?: string | undefined;
  language?: Language | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
}

/**
 * The current password proves a new one is the operator's own wish (a session left open on a shared
 * screen cannot lock its owner out). Wrong guesses count against the operator under the sign-in limits
 * (O2.4), so a stolen session cannot try passwords without end.
 */
async function checkCurrentPassword(
  deps: LimitDeps & { db: Db },
  operatorId: number,
  current: string | undefined,
) {
  if (current === undefined || current === '') throw formFault({ currentPassword: 'form.required' });
  const release = await reserveAttempt(
    deps,
    [`password:operator:${operatorId}`],
    (minutes) => `Too many wrong passwords; try again in ${minutes} min`,
  );
  const row = await findOperator(deps.db, operatorId);
  if (!(await verifyPassword(current, row?.passwordHash ?? null))) {
    throw formFault({ currentPassword: 'operator.wrongPassword' }, 'The current password is wrong');
  }
  await release();
}

/**
 * PATCH /console/me: the operator's own name, language and password. A new password ends the operator's
 * other sessions (this one, `keepToken`, stays). Answers the fields that changed (never the password).
 */
export async function updateProfile(
  deps: LimitDeps & { db: Db },
  operator: ConsoleOperator,
  patch: ProfilePatch,
  keepToken: string | undefined,
): Promise<void> {
  const set: { name?: string; language?: Language; passwordHash?: string } = {};
  if (patch.name !== undefined && patch.name !== operator.name) set.name = patch.name;
  if (patch.language !== undefined && patch.language !== operator.language) set.language = patch.language;
  if (patch.password !== undefined) {
    const fault = passwordFault(patch.password);
    if (fault) throw formFault({ password: fault });
    await checkCurrentPassword(deps, operator.id, patch.currentPassword);
    set.passwordHash = await hashPassword(patch.password);
  }
  if (Object.keys(set).length === 0) return;
  await deps.db.transaction(async (tx) => {
    await tx.update(operators).set(set).where(eq(operators.id, operator.id));
    const { passwordHash, ...shown } = set;
    await recordAudit(tx, {
      companyId: operator.companyId,
      actor: operatorActor(operator),
      action: 'operator.profile',
      subjectType: 'operator',
      subjectId: operator.id,
      detail: { ...shown, ...(passwordHash ? { password: 'changed' } : {}) },
      at: deps.now,
    });
    if (passwordHash) await endOperatorSessions(tx, operator.id, keepToken);
  });
}
