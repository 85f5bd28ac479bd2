import { AppError, ErrorCodes, type LinkPurpose, passwordFault } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { operators } from '../../db/schema';
import { operatorActor, recordAudit } from '../audit/record';
import { formFault } from './faults';
import { consumeLink } from './links';
import { hashPassword } from './password';
import { findOperator, type OperatorRow } from './principal';
import { endOperatorSessions, type NewSession, startSession } from './sessions';

/** 404 10014 for a link that is unknown, used or expired: all three look the same (O2.3). */
export const deadLink = () =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, {
    message: 'This link is not valid: it was used, it expired after 24 hours, or it never existed',
    ui: true,
  });

/**
 * POST /console/links/{token}: sets the operator's password (O2.1) and, for an invitation, their name
 * when given; the link is used up in the same statement that checks it (so it works once even when two
 * requests race), a reset ends every other session, and the operator is signed in.
 */
export async function useLink(
  db: Db,
  token: string,
  input: { password: string; name?: string | undefined },
  now: Date,
): Promise<{ operator: OperatorRow; purpose: LinkPurpose; session: NewSession }> {
  const fault = passwordFault(input.password);
  if (fault) throw formFault({ password: fault });
  // Hashed before the transaction: argon2 is slow on purpose, and a row lock should not wait for it.
  const passwordHash = await hashPassword(input.password);
  const used = await db.transaction(async (tx) => {
    const link = await consumeLink(tx, token, now);
    if (!link) return null;
    const rename = input.name !== undefined && link.purpose === 'invite' ? { name: input.name } : {};
    await tx
      .update(operators)
      .set({ passwordHash, ...rename })
      .where(eq(operators.id, link.operatorId));
    // Whoever knew the old password is out: a reset ends every session there was.
    if (link.purpose === 'reset') await endOperatorSessions(tx, link.operatorId);
    const operator = await findOperator(tx, link.operatorId);
    if (!operator) return null;
    await recordAudit(tx, {
      companyId: operator.companyId,
      actor: operatorActor(operator),
      action: link.purpose === 'invite' ? 'operator.accept' : 'operator.reset',
      subjectType: 'operator',
      subjectId: operator.id,
      detail: link.purpose === 'invite' ? { name: operator.name } : {},
      at: now,
    });
    return { operator, purpose: link.purpose };
  });
  if (!used) throw deadLink();
  return { ...used, session: await startSession(db, used.operator.id, now) };
}
