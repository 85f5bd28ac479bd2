import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationScope } from '@venue-voice/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { integrationKeys } from '../../db/schema';

/** Keys read `vvk_` then 43 base64url characters (32 random bytes): recognisable in a leaked log. */
export const KEY_PREFIX = 'vvk_';

/** SHA-256 of the key, hex: what is stored and looked up (a random key needs no slow hash). */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key and what is stored of it: its hash and the prefix the console shows. */
export function newKey(): { key: string; keyHash: string; prefix: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX.length + 8) };
}

/** The caller an integration request runs as. */
export interface IntegrationCaller {
  keyId: number;
  companyId: number;
  scopes: readonly IntegrationScope[];
}

/** The live (not revoked) key this bearer token is, or null. */
export async function findKey(db: Db, key: string): Promise<IntegrationCaller | null> {
  const [row] = await db
    .select({ id: integrationKeys.id, companyId: integrationKeys.companyId, scopes: integrationKeys.scopes })
    .from(integrationKeys)
    .where(and(eq(integrationKeys.keyHash, hashKey(key)), isNull(integrationKeys.revokedAt)));
  return row ? { keyId: row.id, companyId: row.companyId, scopes: row.scopes as IntegrationScope[] } : null;
}
