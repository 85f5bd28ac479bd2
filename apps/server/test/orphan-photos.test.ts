/**
 * Issue 9 / decision 0145: the sweep removes photo files no row names once they are older than the
 * grace period. Real local storage (file mtimes set with utimes) and a real database on both drivers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, responseUploads, staffMembers, voucherCodes } from '../src/db/schema';
import { serverJobs } from '../src/services/jobs';
import { databaseScheduler } from '../src/services/jobs/database-scheduler';
import {
  ORPHAN_PHOTO_GRACE_MS,
  type OrphanSweep,
  sweepOrphanPhotos,
} from '../src/services/retention/orphan-photos';
import { createS3Storage } from '../src/services/storage';
import { databases, type TestDatabaseTarget } from './databases';
import * as corpus from './fixtures/images/generate';
import {
  exists,
  HOUR,
  insertMember,
  insertUploadRow,
  photoKeys,
  putAged,
  setAge,
  storedKeys,
  wholeSecondNow,
} from './orphan-photo-fixtures';
import { S3RVER_KEY, startS3rver } from './storage-servers';
import { roomyLimiter } from './support/limiters';
import { photoParts, startUploadHarness, type UploadHarness } from './upload-helpers';

const SECOND = 1000;

describe.each(databases())('orphan photo sweep on $name', (target) => {
  let h: UploadHarness;
  beforeAll(async () => {
    h = await startUploadHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const db = () => h.database.db;
  const sweep = (now: Date) => sweepOrphanPhotos({ db: db(), storage: h.storage }, now);
  const put = (key: string, now: Date, ageMs: number) => putAged(h.storage, h.dir, key, now, ageMs);
  const has = (key: string) => exists(h.dir, key);
  /** Uploads a photo through survey.upload.upsert; answers the keys its row names. */
  const upload = async () => {
    const c = await h.newResponse();
    const answer = await h.upsert(c, photoParts(await corpus.jpeg(80, 60)));
    expect(answer.status).toBe(200);
    const [row] = await db().select().from(responseUploads).where(eq(responseUploads.responseId, c.id));
    if (!row) throw new Error('no upload row');
    return { id: c.id, image: row.storageKey, thumbnail: row.thumbnailKey };
  };

  it('keeps a photo its row names, however old; removes an orphan past the grace period, keeps a younger one', async () => {
    const now = wholeSecondNow();
    const photo = await upload();
    await setAge(h.dir, photo.image, now, 30 * 24 * HOUR);
    await setAge(h.dir, photo.thumbnail, now, 30 * 24 * HOUR);
    // Left by cut-off uploads of another photo for the same response, never retried.
    const old = photoKeys(`photos/${photo.id}`);
    const young = photoKeys(`photos/${photo.id}`);
    const edge = photoKeys(`photos/${photo.id}`);
    await put(old.image, now, ORPHAN_PHOTO_GRACE_MS + SECOND);
    await put(young.image, now, ORPHAN_PHOTO_GRACE_MS - SECOND);
    await put(edge.image, now, ORPHAN_PHOTO_GRACE_MS);

    const result = await sweep(now);
    expect(await has(photo.image)).toBe(true);
    expect(await has(photo.thumbnail)).toBe(true);
    expect(await has(old.image)).toBe(false);
    expect(await has(young.image)).toBe(true);
    // Exactly the grace period old is not older than it.
    expect(await has(edge.image)).toBe(true);
    expect(result).toMatchObject({ removed: 1, failed: 0 });
    // A later run, when the young one has aged, takes it too.
    expect(await sweep(new Date(now.getTime() + HOUR))).toMatchObject({ removed: 2 });
    expect(await has(young.image)).toBe(false);
    expect(await has(photo.image)).toBe(true);
  });

  it('after a response is deleted (the database cascade takes its row) its files go at the next sweep', async () => {
    const photo = await upload();
    // Its voucher code is the one reference that does not cascade.
    await db().update(voucherCodes).set({ responseId: null }).where(eq(voucherCodes.responseId, photo.id));
    await db().delete(responses).where(eq(responses.id, photo.id));
    expect(await has(photo.image)).toBe(true);
    // Just written: within the grace period, still there.
    await sweep(new Date());
    expect(await has(photo.image)).toBe(true);
    await sweep(new Date(Date.now() + ORPHAN_PHOTO_GRACE_MS + 5 * SECOND));
    expect(await has(photo.image)).toBe(false);
    expect(await has(photo.thumbnail)).toBe(false);
  });

  it('files under a folder no response can have (not an id, out of range) go once old', async () => {
    const now = wholeSecondNow();
    const keys = [
      'photos/abc/x.jpg',
      'photos/0/x.jpg',
      'photos/99999999999/x.jpg',
      'photos/123456/stray.txt',
    ];
    for (const key of keys) await put(key, now, 2 * HOUR);
    await sweep(now);
    for (const key of keys) expect(await has(key)).toBe(false);
  });

  it('keeps a staff photo its member names; removes a rolled-back one and, after the member is deleted, its files', async () => {
    const now = wholeSecondNow();
    const kept = photoKeys('staff/1');
    const rolledBack = photoKeys('staff/1');
    const otherBranch = photoKeys('staff/2');
    const young = photoKeys('staff/1');
    for (const key of [kept.image, kept.thumbnail, rolledBack.image, otherBranch.image])
      await put(key, now, 5 * HOUR);
    await put(young.image, now, 10 * SECOND);
    const member = await insertMember(db(), kept);

    await sweep(now);
    expect(await has(kept.image)).toBe(true);
    expect(await has(kept.thumbnail)).toBe(true);
    expect(await has(rolledBack.image)).toBe(false);
    expect(await has(otherBranch.image)).toBe(false);
    expect(await has(young.image)).toBe(true);

    // The route deletes a removed member's files itself; here that delete is lost (a crash).
    await db().delete(staffMembers).where(eq(staffMembers.id, member));
    await sweep(now);
    expect(await has(kept.image)).toBe(false);
    expect(await has(kept.thumbnail)).toBe(false);
  });

  it("waits for an upload holding the response's row lock and keeps the files its commit names", async () => {
    const now = wholeSecondNow();
    const c = await h.newResponse();
    // The files of a cut-off upload, now being retried: the retry writes the same keys (decision 0140)
    // and holds the row lock until its row is committed.
    const keys = photoKeys(`photos/${c.id}`);
    await put(keys.image, now, 3 * HOUR);
    await put(keys.thumbnail, now, 3 * HOUR);
    let running: Promise<OrphanSweep> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from responses where id = ${c.id} for update`);
      // Meanwhile the sweep lists the files, finds no committed row and waits for the lock (PostgreSQL;
      // on PGlite, one connection, it waits for the whole transaction).
      running = sweep(now);
      await sleep(300);
      await insertUploadRow(tx as unknown as typeof h.database.db, c.id, keys);
    });
    expect(await running).toMatchObject({ failed: 0 });
    expect(await has(keys.image)).toBe(true);
    expect(await has(keys.thumbnail)).toBe(true);
  });

  it('runs as the orphan-photos job of serverJobs; its log line counts what it removed and names no file', async () => {
    const now = wholeSecondNow();
    const orphan = photoKeys('photos/1');
    await put(orphan.image, now, 2 * HOUR);
    const lines: Array<{ object: Record<string, unknown>; message: string }> = [];
    const log = {
      info: (object: Record<string, unknown>, message: string) => lines.push({ object, message }),
      error: (object: Record<string, unknown>, message: string) => lines.push({ object, message }),
    };
    const jobs = serverJobs({ db: db(), rateLimiter: roomyLimiter(), storage: h.storage });
    const scheduler = databaseScheduler({ db: db(), clock: { now: () => now }, jobs, log });
    const runs = await scheduler.runDue(now);
    const run = runs.find((r) => r.name === 'orphan-photos');
    expect(run).toMatchObject({ ok: true, result: { removed: 1, failed: 0 } });
    expect(await has(orphan.image)).toBe(false);
    const line = lines.find((l) => l.object.job === 'orphan-photos');
    expect(line?.message).toBe('scheduled job ran');
    expect(line?.object.result).toMatchObject({ removed: 1 });
    const name = orphan.image.split('/')[2]?.slice(0, 32) ?? '';
    expect(JSON.stringify(lines)).not.toContain(name);
  });

  it('a storage that refuses deletes is counted, and the files are tried again next run', async () => {
    const now = wholeSecondNow();
    const orphan = photoKeys('photos/2');
    await put(orphan.image, now, 2 * HOUR);
    const refusing = { ...h.storage, delete: async () => Promise.reject(new Error('disk is read-only')) };
    const result = await sweepOrphanPhotos({ db: db(), storage: refusing }, now);
    expect(result).toMatchObject({ removed: 0, failed: 1 });
    expect(await has(orphan.image)).toBe(true);
    expect(await sweep(now)).toMatchObject({ removed: 1, failed: 0 });
  });

  it('refuses an invalid now', async () => {
    await expect(sweep(new Date(Number.NaN))).rejects.toBeInstanceOf(RangeError);
  });
});

// The sweep reads ages from S3's LastModified as well: a real S3-compatible server, PGlite.
describe('orphan photo sweep over S3 (s3rver)', () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let directory: string;
  let database: Awaited<ReturnType<TestDatabaseTarget['create']>>;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vv-sweep-s3rver-'));
    server = await startS3rver(directory, 'uploads');
    database = await (databases()[0] as TestDatabaseTarget).create();
  });
  afterAll(async () => {
    await database?.drop();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps a named and a young file, removes an orphan once past the grace period', async () => {
    const storage = createS3Storage({
      endpoint: server.endpoint,
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    });
    const db = database.database.db;
    const named = photoKeys('staff/1');
    const orphan = photoKeys('staff/1');
    for (const key of [named.image, orphan.image]) await storage.put(key, new Uint8Array([1]), 'image/jpeg');
    await insertMember(db, named);
    const written = Date.now();

    expect(await sweepOrphanPhotos({ db, storage }, new Date(written))).toMatchObject({
      young: 2,
      removed: 0,
    });
    const later = new Date(written + ORPHAN_PHOTO_GRACE_MS + 5 * SECOND);
    expect(await sweepOrphanPhotos({ db, storage }, later)).toMatchObject({
      young: 0,
      removed: 1,
      failed: 0,
    });
    expect(await storedKeys(storage)).toEqual([named.image]);
  });
});
