/**
 * Decision 0145, as a property: over random sets of responses and members (with a photo row or not,
 * deleted or not) and of files (named or not, of any age), one sweep leaves exactly the files a row
 * names plus those not older than the grace period, and counts what it removed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { responses, staffMembers } from '../src/db/schema';
import { ORPHAN_PHOTO_GRACE_MS, sweepOrphanPhotos } from '../src/services/retention/orphan-photos';
import { createLocalStorage } from '../src/services/storage';
import { databases } from './databases';
import {
  insertMember,
  insertUploadRow,
  photoKeys,
  putAged,
  storedKeys,
  wholeSecondNow,
} from './orphan-photo-fixtures';

// Ages in seconds up to three grace periods, the boundary (exactly the grace period) made likely.
const GRACE_S = ORPHAN_PHOTO_GRACE_MS / 1000;
const age = fc.oneof(
  fc.integer({ min: 0, max: 3 * GRACE_S }),
  fc.constantFrom(0, GRACE_S - 1, GRACE_S, GRACE_S + 1),
);
const owner = fc.record({
  photo: fc.option(fc.tuple(age, age), { nil: null }),
  deleted: fc.boolean(),
  orphans: fc.array(age, { maxLength: 3 }),
});
const world = fc.record({
  responses: fc.array(owner, { maxLength: 4 }),
  members: fc.array(owner, { maxLength: 3 }),
  strays: fc.array(fc.tuple(fc.constantFrom('photos/2000000001', 'staff/999', 'photos/x'), age), {
    maxLength: 3,
  }),
});

async function insertResponse(db: Database['db']) {
  const [row] = await db
    .insert(responses)
    .values({
      companyId: 1,
      branchId: 1,
      surveyId: 1,
      guid: randomUUID(),
      payloadHash: 'test',
      payload: { answers: [{ id: 1, value: 5 }] },
      visitDatetime: '2025-06-14 18:00:00',
      authType: 'web',
    })
    .returning({ id: responses.id });
  if (!row) throw new Error('no response row');
  return row.id;
}

describe.each(databases())('orphan photo sweep property on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create());
  });
  afterAll(async () => {
    await drop?.();
  });

  it('leaves exactly the named files and the young ones', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (plan) => {
        const db = database.db;
        const dir = await mkdtemp(join(tmpdir(), 'vv-sweep-prop-'));
        const storage = createLocalStorage(dir);
        const now = wholeSecondNow();
        const expected: string[] = [];
        let total = 0;
        let young = 0;
        const put = async (key: string, ageS: number, named: boolean) => {
          await putAged(storage, dir, key, now, ageS * 1000);
          total += 1;
          // Exactly the grace period old is not older than it: kept.
          if (ageS <= GRACE_S) young += 1;
          if (named || ageS <= GRACE_S) expected.push(key);
        };
        const responseIds: number[] = [];
        const memberIds: number[] = [];
        try {
          for (const r of plan.responses) {
            const id = await insertResponse(db);
            responseIds.push(id);
            if (r.photo) {
              const keys = photoKeys(`photos/${id}`);
              await put(keys.image, r.photo[0], !r.deleted);
              await put(keys.thumbnail, r.photo[1], !r.deleted);
              await insertUploadRow(db, id, keys);
            }
            for (const orphan of r.orphans) await put(photoKeys(`photos/${id}`).image, orphan, false);
            if (r.deleted) await db.delete(responses).where(eq(responses.id, id));
          }
          for (const m of plan.members) {
            const keys = photoKeys('staff/1');
            const id = await insertMember(db, m.photo ? keys : null);
            memberIds.push(id);
            if (m.photo) {
              await put(keys.image, m.photo[0], !m.deleted);
              await put(keys.thumbnail, m.photo[1], !m.deleted);
            }
            for (const orphan of m.orphans) await put(photoKeys('staff/1').image, orphan, false);
            if (m.deleted) await db.delete(staffMembers).where(eq(staffMembers.id, id));
          }
          for (const [folder, ageS] of plan.strays) await put(photoKeys(folder).image, ageS, false);

          const result = await sweepOrphanPhotos({ db, storage }, now);
          expect(await storedKeys(storage)).toEqual(expected.sort());
          expect(result).toEqual({
            listed: total,
            young,
            removed: total - expected.length,
            failed: 0,
          });
        } finally {
          if (responseIds.length) await db.delete(responses).where(inArray(responses.id, responseIds));
          if (memberIds.length) await db.delete(staffMembers).where(inArray(staffMembers.id, memberIds));
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
