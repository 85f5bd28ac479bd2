import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { staffMembers } from '../../db/schema';
import { TtlCache } from '../../lib/ttl-cache';

/** Whether a staff member belongs to a branch (D3.18): asked on every create that thanks someone. */
export interface StaffMembers {
  /**
   * Read through `db`, the create's own: inside a batch's transaction that is the transaction (PGlite has
   * one connection, so a read beside an open transaction would wait for it forever).
   */
  isMember(db: Db, branchId: number, staffId: number): Promise<boolean>;
}

/**
 * A branch's member ids, read once per TTL (the config's, CONFIG_CACHE_TTL_MS): a query per create cost
 * the submit path half its throughput (decision 0188). A miss is read again before it refuses, so a
 * member added a moment ago is never refused; one removed stays a member for at most the TTL.
 */
export function staffMembersOf(ttlMs: number): StaffMembers {
  const cache = new TtlCache<ReadonlySet<number>>(ttlMs);
  const read = async (db: Db, branchId: number) => {
    const rows = await db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.branchId, branchId));
    return new Set(rows.map((row) => row.id));
  };
  return {
    async isMember(db, branchId, staffId) {
      const key = String(branchId);
      if ((await cache.get(key, () => read(db, branchId))).has(staffId)) return true;
      if (!cache.enabled) return false;
      cache.deleteWhere((cached) => cached === key);
      return (await cache.getOrLoad(key, () => read(db, branchId))).has(staffId);
    },
  };
}
