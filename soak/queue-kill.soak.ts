/**
 * Issue 9: kill the API at random 20 times during the upload of 500 queued responses (some with photos)
 * → 500 stored, 0 duplicates, 0 orphan supplements, queue empty.
 *
 * The tablet side is the product's own queue code (apps/web/src/features/device-queue: queueRequest,
 * uploadStored, its batching and retries with the real 3-second waits), run in Node with fake-indexeddb
 * as the storage under it. The server is the real main.ts in a child process, SIGKILLed and started
 * again on the same port and data (PGlite DATA_DIR; PostgreSQL too with TEST_DATABASE_URL). The device
 * registers through the client package's device.register. Afterwards the database is opened directly
 * and checked against the queue's own record of each response.
 */
import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@venue-voice/client';
import { sql } from 'drizzle-orm';
import { IDBFactory } from 'fake-indexeddb';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/db/connection';
import { demoHistoryGuids } from '../apps/server/src/db/seed-responses';
import { uuidArray } from '../apps/server/src/db/sql-arrays';
import { scratchPostgres } from '../apps/server/test/databases';
import { configureQueue, queueRequest, uploadStored } from '../apps/web/src/features/device-queue/index';
import { closeQueueDb, readQueue } from '../apps/web/src/features/device-queue/queue-db';
import { tabletCreatePayload } from '../bench/lib/demo-create';
import { apiProcess, freePort } from './lib/api-process';

const RESPONSES = 500;
const PHOTO_EVERY = 5;
const KILLS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

const TARGETS = [
  { name: 'pglite' as const, adminUrl: undefined },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, adminUrl: process.env.TEST_DATABASE_URL }]
    : []),
];

describe.each(TARGETS)('queue upload under SIGKILL on $name', ({ name, adminUrl }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(`${RESPONSES} responses (every ${PHOTO_EVERY}th with a photo), ${KILLS} kills: all stored once, queue empty`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vv-soak-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (adminUrl) {
      const scratch = await scratchPostgres(adminUrl, 'vv_soak');
      cleanups.push(scratch.drop);
      databaseUrl = scratch.url;
    }
    const api = apiProcess({
      port: await freePort(),
      dataDir,
      webDist: join(dataDir, 'no-web'),
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    cleanups.push(() => api.stop());
    const startMs = [await api.start()];

    // The tablet registers as staff would, then works offline: everything is queued first.
    const deviceId = `soak-${randomBytes(3).toString('hex')}`;
    const credentials = {
      authType: 'app' as const,
      clientId: 'venue-voice-web/soak',
      companyKey: 'demo',
      branchId: 1,
    };
    const { token } = await createApiClient({ baseUrl: api.baseUrl, ...credentials }).device.register({
      companyKey: 'demo',
      branchId: 1,
      deviceId,
      passcode: 'demo1',
      settingsPasscode: '1234',
      uuid: randomUUID(),
    });
    await closeQueueDb();
    globalThis.indexedDB = new IDBFactory();
    const network = { online: false };
    configureQueue({
      transport: () => ({
        baseUrl: api.baseUrl,
        fetch,
        credentials: { ...credentials, device: { deviceId, token } },
      }),
      branchId: () => 1,
      online: () => network.online,
    });
    const photo = new Blob(
      [
        await sharp({ create: { width: 640, height: 480, channels: 3, background: '#208040' } })
          .jpeg()
          .toBuffer(),
      ],
      { type: 'image/jpeg' },
    );
    const guids: string[] = [];
    for (let n = 0; n < RESPONSES; n++) {
      const guid = randomUUID();
      guids.push(guid);
      await queueRequest({
        kind: 'create',
        payload: tabletCreatePayload({
          guid,
          comment: `Guest ${n}: lovely evening.`,
          userAgent: 'venue-voice soak tablet',
        }),
        headers: { 'X-Template-Id': '1' },
      });
      await queueRequest({
        kind: 'supplement',
        response: guid,
        payload: { permitted: true, contact: { name: `Guest ${n}`, email: `guest${n}@example.com` } },
      });
      if (n % PHOTO_EVERY === 0)
        await queueRequest({
          kind: 'upload',
          response: guid,
          payload: { image: photo, fileName: `guest-${n}.jpg` },
        });
    }
    const photos = guids.filter((_, n) => n % PHOTO_EVERY === 0);

    // Staff press Upload, and again whenever an upload ends in failure, until nothing is left.
    network.online = true;
    const started = performance.now();
    let presses = 0;
    let failedPresses = 0;
    let done = false;
    const uploading = (async () => {
      try {
        for (;;) {
          const result = await uploadStored();
          presses += 1;
          const queue = await readQueue();
          if (queue.items.length === 0) return;
          if (!result.ok) failedPresses += 1;
          await sleep(200);
        }
      } finally {
        done = true;
      }
    })();
    let kills = 0;
    while (kills < KILLS && !done) {
      await sleep(between(100, 1200));
      if (done) break;
      await api.kill();
      kills += 1;
      await sleep(between(0, 1000));
      startMs.push(await api.start());
    }
    await uploading;
    const seconds = (performance.now() - started) / 1000;
    const queue = await readQueue();
    await api.stop();

    // The database, read directly: PGlite's own files after 20 kills, or PostgreSQL.
    const database = await createDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const guidList = sql.join(
      guids.map((g) => sql`${g}::uuid`),
      sql`, `,
    );
    try {
      const stored = await rows<{ id: number; guid: string }>(
        sql`select id, guid::text as guid from responses where guid in (${guidList})`,
      );
      // The soak's responses: the demo's own history (decision 0237) left out.
      const ours = sql`(select * from responses where not (guid = any(${uuidArray(demoHistoryGuids())})))`;
      const [totals] = await rows<Record<string, number>>(sql`select
        (select count(*)::int from ${ours} r) as responses,
        (select count(*)::int from response_supplements) as supplements,
        (select count(*)::int from contact_details) as contacts,
        (select count(*)::int from response_uploads) as uploads,
        (select count(*)::int from response_supplements s left join responses r on r.id = s.response_id where r.id is null) as orphan_supplements,
        (select count(*)::int from contact_details c left join responses r on r.id = c.response_id where r.id is null) as orphan_contacts,
        (select count(*)::int from ${ours} r where not exists (select 1 from response_supplements s where s.response_id = r.id)) as without_supplement,
        (select count(*)::int from ${ours} r where not exists (select 1 from contact_details c where c.response_id = r.id)) as without_contact`);
      const uploadRows = await rows<{ guid: string; storage_key: string; thumbnail_key: string }>(
        sql`select r.guid::text as guid, u.storage_key, u.thumbnail_key from response_uploads u join responses r on r.id = u.response_id`,
      );
      // Photo files on disk that no row names (a kill between writing the files and the row's commit).
      // Half-written files (local storage writes a hidden .tmp, then renames) count as left behind too.
      const onDisk: string[] = [];
      const partial: string[] = [];
      const photosDir = join(dataDir, 'uploads', 'photos');
      for (const folder of await readdir(photosDir).catch(() => [] as string[]))
        for (const file of await readdir(join(photosDir, folder))) {
          if (file.endsWith('.tmp')) partial.push(`photos/${folder}/${file}`);
          else if (!file.startsWith('.')) onDisk.push(`photos/${folder}/${file}`);
        }
      const named = new Set(uploadRows.flatMap((u) => [u.storage_key, u.thumbnail_key]));
      const orphanFiles = onDisk.filter((key) => !named.has(key));
      const missingFiles = [...named].filter((key) => !onDisk.includes(key));

      const figures = {
        target: name,
        kills,
        seconds: Math.round(seconds),
        presses,
        failedPresses,
        restartMsMedian: Math.round([...startMs].sort((a, b) => a - b)[Math.floor(startMs.length / 2)] ?? 0),
        stored: stored.length,
        distinctGuids: new Set(stored.map((r) => r.guid)).size,
        ...totals,
        photoRows: uploadRows.length,
        orphanFiles: orphanFiles.length,
        partialFiles: partial.length,
        missingFiles: missingFiles.length,
        queueItems: queue.items.length,
        attention: queue.attention.length,
        results: Object.keys(queue.results).length,
      };
      console.info(`[soak] queue-kill ${JSON.stringify(figures)}`);

      expect(kills).toBe(KILLS);
      expect(queue.items).toEqual([]);
      expect(queue.attention).toEqual([]);
      expect(totals).toEqual({
        responses: RESPONSES,
        supplements: RESPONSES,
        contacts: RESPONSES,
        uploads: photos.length,
        orphan_supplements: 0,
        orphan_contacts: 0,
        without_supplement: 0,
        without_contact: 0,
      });
      expect(stored).toHaveLength(RESPONSES);
      // Once a response's requests are all answered the tablet forgets its credentials, except for the
      // response last started on the tablet (queue.current), which a guest may still add to.
      expect(Object.keys(queue.results).filter((guid) => guid !== queue.current)).toEqual([]);
      expect(uploadRows.map((u) => u.guid).sort()).toEqual([...photos].sort());
      expect(missingFiles).toEqual([]);
      expect(orphanFiles).toEqual([]);
      expect(partial).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
