import {
  AppError,
  checkIntegrationKey,
  ErrorCodes,
  type IntegrationKey,
  type IntegrationKeyCreateBody,
  type IntegrationScope,
} from '@venue-voice/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { integrationKeys, operators } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { formFault } from '../operators/faults';
import type { OperatorChangeContext } from '../operators/manage';
import { forgetKey } from './key-cache';
import { newKey } from './keys';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** 404 10014: the company has no key of this id (another company's look the same). */
const unknownKey = () => new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such integration key' });

/**
 * Makes a key (O11.1–O11.2, else 400 10025 by field): the key is answered this once, only its SHA-256
 * is stored; the audit entry names the key's prefix and scopes, never the key.
 */
export async function createKey(
  ctx: OperatorChangeContext,
  body: IntegrationKeyCreateBody,
): Promise<{ id: number; key: string }> {
  const checked = checkIntegrationKey(body);
  if ('faults' in checked) throw formFault(checked.faults);
  const { key, keyHash, prefix } = newKey();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrationKeys)
      .values({
        companyId: ctx.companyId,
        name: checked.key.name,
        prefix,
        keyHash,
        scopes: checked.key.scopes,
        createdBy: ctx.actor.id,
        createdAt: ctx.now,
      })
      .returning({ id: integrationKeys.id });
    if (!row) throw new Error('integration key not stored');
    await recordAudit(tx, {
      companyId: ctx.companyId,
      actor: ctx.actor,
      action: 'integrationKey.create',
      subjectType: 'integrationKey',
      subjectId: row.id,
      detail: { name: checked.key.name, prefix, scopes: checked.key.scopes },
      at: ctx.now,
    });
    return row.id;
  });
  return { id, key };
}

/** The company's keys, newest first, revoked ones too (the owner sees what was cut off and when). */
export async function listKeys(db: Db, companyId: number): Promise<IntegrationKey[]> {
  const rows = await db
    .select({
      id: integrationKeys.id,
      name: integrationKeys.name,
      prefix: integrationKeys.prefix,
      scopes: integrationKeys.scopes,
      createdAt: integrationKeys.createdAt,
      lastUsedAt: integrationKeys.lastUsedAt,
      revokedAt: integrationKeys.revokedAt,
      createdBy: operators.name,
      createdByEmail: operators.email,
    })
    .from(integrationKeys)
    .leftJoin(operators, eq(operators.id, integrationKeys.createdBy))
    .where(eq(integrationKeys.companyId, companyId))
    .orderBy(desc(integrationKeys.createdAt), desc(integrationKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as IntegrationScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    // An operator without a name yet (invited) is known by their e-mail.
    createdBy: row.createdBy || row.createdByEmail || null,
  }));
}

/**
 * Revokes a key at once: `revoked_at` set, and this server's cached lookup of it dropped, so its next
 * request is refused here and within the cache's few seconds on other servers (decision 0241). Revoking
 * a revoked key changes nothing and answers it as it is.
 */
export async function revokeKey(ctx: OperatorChangeContext, id: number): Promise<IntegrationKey> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrationKeys)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(integrationKeys.id, id),
          eq(integrationKeys.companyId, ctx.companyId),
          isNull(integrationKeys.revokedAt),
        ),
      )
      .returning({ prefix: integrationKeys.prefix, name: integrationKeys.name });
    if (!row) return;
    await recordAudit(tx, {
      companyId: ctx.companyId,
      actor: ctx.actor,
      action: 'integrationKey.revoke',
      subjectType: 'integrationKey',
      subjectId: id,
      detail: { name: row.name, prefix: row.prefix },
      at: ctx.now,
    });
  });
  forgetKey(ctx.db, id);
  const found = (await listKeys(ctx.db, ctx.companyId)).find((key) => key.id === id);
  if (!found) throw unknownKey();
  return found;
}
