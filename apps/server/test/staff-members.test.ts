import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { staffMembersOf } from '../src/services/responses/staff-members';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';

/** D3.18's branch check, read once per TTL (decision 0188): a member's branch without a query per create. */
describe.each(databases())('staff members of a branch on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('D3.18 a cached branch answers without reading again; a member added since is found at once', async () => {
    const staff = staffMembersOf(60_000);
    expect(await staff.isMember(h.database.db, 1, 6)).toBe(true);
    expect(await staff.isMember(h.database.db, 1, 7)).toBe(false);
    // Moved to branch 2 behind the cache's back: still answered from the cache (at most the TTL stale).
    await h.database.db.update(staffMembers).set({ branchId: 2 }).where(eq(staffMembers.id, 6));
    expect(await staff.isMember(h.database.db, 1, 6)).toBe(true);
    // A member the cache has not seen is read again before a refusal.
    const [added] = await h.database.db
      .insert(staffMembers)
      .values({ branchId: 1, displayName: 'New', fullName: 'New Member' })
      .returning({ id: staffMembers.id });
    expect(await staff.isMember(h.database.db, 1, added?.id ?? 0)).toBe(true);
    // That read also refreshed the branch: the moved member is no longer of branch 1.
    expect(await staff.isMember(h.database.db, 1, 6)).toBe(false);
  });

  it('D3.18 without a TTL every question reads the database', async () => {
    const staff = staffMembersOf(0);
    await h.database.db.update(staffMembers).set({ branchId: 1 }).where(eq(staffMembers.id, 6));
    expect(await staff.isMember(h.database.db, 1, 6)).toBe(true);
    await h.database.db.update(staffMembers).set({ branchId: 2 }).where(eq(staffMembers.id, 6));
    expect(await staff.isMember(h.database.db, 1, 6)).toBe(false);
  });
});
