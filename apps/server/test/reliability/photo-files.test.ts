/**
 * Issue 9, found by soak/queue-kill.soak.ts: a server killed after writing a photo's files and before
 * the row that names them was committed left files no row names (4 in one run of 20 kills), kept for
 * ever. Photo keys now come from the photo itself and every storage step runs under the response's row
 * lock (decision 0140). Here a storage that cannot clean up after a failed request stands in for the
 * kill: the files of the cut-off request stay, as they would after SIGKILL, and the retry must end with
 * exactly the files the row names.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseUploads } from '../../src/db/schema';
import { createLocalStorage, type Storage } from '../../src/services/storage';
import { databases } from '../databases';
import * as corpus from '../fixtures/images/generate';
import { photoParts, startUploadHarness, type UploadHarness } from '../upload-helpers';

/** Local storage that can be told to fail the next thumbnail write and to leave files it should delete. */
function faultyStorage(dir: string) {
  const local = createLocalStorage(dir);
  const faults = { failThumbnail: false, keepDeleted: false };
  const storage: Storage = {
    kind: 'local',
    put: async (key, bytes, type) => {
      if (faults.failThumbnail && key.endsWith('-thumb.jpg')) {
        faults.failThumbnail = false;
        throw new Error('the process died here');
      }
      return local.put(key, bytes, type);
    },
    putFile: (key, path, type) => local.putFile(key, path, type),
    get: (key) => local.get(key),
    list: (prefix) => local.list(prefix),
    delete: async (key) => {
      if (faults.keepDeleted) throw new Error('nobody left to clean up');
      return local.delete(key);
    },
  };
  return { storage, faults };
}

describe.each(databases())('photo files and their row on $name', (target) => {
  let h: UploadHarness;
  let dir: string;
  let faults: ReturnType<typeof faultyStorage>['faults'];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vv-photo-files-'));
    const faulty = faultyStorage(dir);
    faults = faulty.faults;
    h = await startUploadHarness(target, { storage: faulty.storage });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const filesOf = async (id: number) =>
    (await readdir(join(dir, 'photos', String(id))).catch(() => [] as string[]))
      .filter((f) => !f.startsWith('.'))
      .map((f) => `photos/${id}/${f}`)
      .sort();
  const rowOf = async (id: number) =>
    (await h.database.db.select().from(responseUploads).where(eq(responseUploads.responseId, id)))[0];

  it('a request cut off after writing a file leaves nothing behind once its retry succeeds', async () => {
    const c = await h.newResponse();
    const image = await corpus.jpeg(120, 90);
    faults.failThumbnail = true;
    faults.keepDeleted = true;
    const cut = await h.upsert(c, photoParts(image));
    faults.keepDeleted = false;
    expect(cut.status).toBe(500);
    expect(await rowOf(c.id)).toBeUndefined();
    expect(await filesOf(c.id)).toHaveLength(1);

    const retry = await h.upsert(c, photoParts(image));
    expect(retry.status).toBe(200);
    const row = await rowOf(c.id);
    expect(await filesOf(c.id)).toEqual([row?.storageKey, row?.thumbnailKey].sort());
  });

  it('the same photo sent again answers the same URLs and keeps its two files', async () => {
    const c = await h.newResponse();
    const image = await corpus.jpeg(70, 70);
    const first = await h.upsert(c, photoParts(image));
    const again = await h.upsert(c, photoParts(image));
    expect(again.body.data).toEqual(first.body.data);
    expect(await filesOf(c.id)).toHaveLength(2);
    expect((await h.app.inject({ method: 'GET', url: again.body.data.imageUrl })).statusCode).toBe(200);
  });

  it('other responses and other photos get other keys', async () => {
    const image = await corpus.jpeg(64, 64);
    const [a, b] = [await h.newResponse(), await h.newResponse()];
    const urlA = (await h.upsert(a, photoParts(image))).body.data.imageUrl as string;
    const urlB = (await h.upsert(b, photoParts(image))).body.data.imageUrl as string;
    const urlA2 = (await h.upsert(a, photoParts(await corpus.jpeg(65, 64)))).body.data.imageUrl as string;
    expect(urlA.split('/').at(-1)).not.toBe(urlB.split('/').at(-1));
    expect(urlA2).not.toBe(urlA);
    expect(await filesOf(a.id)).toHaveLength(2);
  });

  it('upserts of the same photo racing deletes never leave a row without its files or files without a row', async () => {
    const c = await h.newResponse();
    const image = await corpus.jpeg(90, 60);
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        h.upsert(c, photoParts(image)),
        h.remove(c),
        h.upsert(c, photoParts(image)),
        h.remove(c),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const row = await rowOf(c.id);
      expect(await filesOf(c.id)).toEqual(row ? [row.storageKey, row.thumbnailKey].sort() : []);
    }
  });
});
