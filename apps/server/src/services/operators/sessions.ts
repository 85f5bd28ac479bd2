import { randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS, sessionUse } from '@venue-voice/domain';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { operatorSessions, operators } from '../../db/schema';
import { hashToken } from '../../plugins/request-context';
import { type ConsoleOperator, operatorColumns, toConsoleOperator } from './principal';

/** A new session's cookie value and when it ends unless used again. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Starts a session: 32 random bytes for the cookie, only their SHA-256 stored (O2.2). */
export async function startSession(db: Db, operatorId: number, now: Date): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The operator a session cookie belongs to at `now`, or null when it names no live session (an expired
 * one is deleted). A use after a minute slides the expiry (O2.2): `renewedUntil` is then the new expiry,
 * so the cookie's can slide with it.
 */
export async function sessionOperator(
  db: Db,
  token: string,
  now: Date,
): Promise<{ operator: ConsoleOperator; renewedUntil: Date | null } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      ...operatorColumns,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const use = sessionUse(row, now);
  if (use === 'expired') {
    await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
    return null;
  }
  if (use !== 'fresh') {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: use.lastSeenAt, expiresAt: use.expiresAt })
      .where(eq(operatorSessions.tokenHash, tokenHash));
  }
  const operator = await toConsoleOperator(db, row);
  return { operator, renewedUntil: use === 'fresh' ? null : use.expiresAt };
}

/** Ends the session of a cookie (sign out); nothing happens for a cookie that names none. */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session of an operator (sign out everywhere, a password reset, a removal), but the one of
 * `keepToken` when given. Answers how many ended.
 */
export async function endOperatorSessions(db: Db, operatorId: number, keepToken?: string): Promise<number> {
  const keep = keepToken === undefined ? undefined : ne(operatorSessions.tokenHash, hashToken(keepToken));
  const ended = await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), keep))
    .returning({ tokenHash: operatorSessions.tokenHash });
  return ended.length;
}

/** Deletes sessions past their expiry (the daily job); answers how many went. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(operatorSessions)
    .where(lt(operatorSessions.expiresAt, now))
    .returning({ tokenHash: operatorSessions.tokenHash });
  return gone.length;
}
