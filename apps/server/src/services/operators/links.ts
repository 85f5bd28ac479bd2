import { randomBytes } from 'node:crypto';
import { LINK_LIFETIME_MS, type LinkPurpose, linkUsable } from '@venue-voice/domain';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies, operators, operatorTokens } from '../../db/schema';
import { hashToken } from '../../plugins/request-context';

/** The console's screen a one-time link opens (the console app's `/console/link/:token`). */
export const linkUrl = (origin: string, token: string) => `${origin}/console/link/${token}`;

/**
 * Makes a one-time link (O2.3) for an operator: 32 random bytes, only their SHA-256 stored, usable once
 * within 24 hours. The operator's earlier unused links of the same purpose stop working: a new invitation
 * or reset replaces the last.
 */
export async function issueLink(
  db: Db,
  operatorId: number,
  purpose: LinkPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(operatorTokens)
      .where(
        and(
          eq(operatorTokens.operatorId, operatorId),
          eq(operatorTokens.purpose, purpose),
          isNull(operatorTokens.usedAt),
        ),
      );
    await tx.insert(operatorTokens).values({
      tokenHash: hashToken(token),
      operatorId,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
    });
  });
  return token;
}

export interface LinkInfo {
  purpose: LinkPurpose;
  operatorId: number;
  companyId: number;
  email: string;
  name: string;
  language: string;
  companyName: string;
}

/** What a link is for, while it can be used (unknown, used and expired links alike answer null). */
export async function findLink(db: Db, token: string, now: Date): Promise<LinkInfo | null> {
  const [row] = await db
    .select({
      purpose: operatorTokens.purpose,
      expiresAt: operatorTokens.expiresAt,
      usedAt: operatorTokens.usedAt,
      operatorId: operators.id,
      companyId: operators.companyId,
      email: operators.email,
      name: operators.name,
      language: operators.language,
      companyName: companies.name,
    })
    .from(operatorTokens)
    .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(eq(operatorTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || !linkUsable(row, now)) return null;
  const { expiresAt: _e, usedAt: _u, purpose, ...info } = row;
  return { ...info, purpose: purpose as LinkPurpose };
}

/**
 * Marks a link used, if it still can be: one statement, so two requests racing with one link cannot both
 * use it. Answers the link's operator and purpose, or null (unknown, used or expired).
 */
export async function consumeLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ operatorId: number; purpose: LinkPurpose } | null> {
  const [row] = await db
    .update(operatorTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(operatorTokens.tokenHash, hashToken(token)),
        isNull(operatorTokens.usedAt),
        gt(operatorTokens.expiresAt, now),
      ),
    )
    .returning({ operatorId: operatorTokens.operatorId, purpose: operatorTokens.purpose });
  return row ? { operatorId: row.operatorId, purpose: row.purpose as LinkPurpose } : null;
}

/** Deletes links that can no longer be used (expired, or used over a day ago): the daily job. */
export async function deleteDeadLinks(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - LINK_LIFETIME_MS);
  const gone = await db
    .delete(operatorTokens)
    .where(or(lt(operatorTokens.expiresAt, now), lt(operatorTokens.usedAt, dayAgo)))
    .returning({ tokenHash: operatorTokens.tokenHash });
  return gone.length;
}
