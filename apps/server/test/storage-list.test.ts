import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  type ListedObject,
  type Storage,
  StorageError,
  StorageKeyError,
} from '../src/services/storage';
import { parseListPage } from '../src/services/storage/s3';
import { S3RVER_KEY } from './storage-servers';
import { startS3rverProcess as startS3rver } from './support/s3rver-process';

const BUCKET = 'uploads';
const bytes = (s: string) => new TextEncoder().encode(s);
const all = async (listing: AsyncIterable<ListedObject>) => {
  const found: ListedObject[] = [];
  for await (const object of listing) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
};
const keys = async (storage: Storage, prefix: string) => (await all(storage.list(prefix))).map((o) => o.key);

interface Backend {
  name: string;
  /** A fresh store; S3 pages hold 2 keys, so a listing of 5 needs its continuation token twice. */
  start(): Promise<{ storage: Storage; stop(): Promise<void> }>;
}

const local: Backend = {
  name: 'local directory',
  async start() {
    const parent = await mkdtemp(join(tmpdir(), 'vv-list-'));
    return {
      storage: createLocalStorage(join(parent, 'uploads')),
      stop: () => rm(parent, { recursive: true, force: true }),
    };
  },
};

const s3: Backend = {
  name: 'S3 (s3rver)',
  async start() {
    const directory = await mkdtemp(join(tmpdir(), 'vv-list-s3rver-'));
    const server = await startS3rver(directory, BUCKET);
    const storage = createS3Storage({
      endpoint: server.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      listPageSize: 2,
    });
    return {
      storage,
      stop: async () => {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

describe.each([local, s3])('storage.list: $name', (backend) => {
  let storage: Storage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await backend.start());
  });
  afterAll(async () => {
    await stop?.();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a prefix nothing was stored under lists nothing', async () => {
    expect(await keys(storage, 'photos/')).toEqual([]);
  });

  it('lists every object under the prefix, nested ones too, with its size and write time', async () => {
    const before = Date.now() - 2000;
    const written = [
      'photos/1/a.jpg',
      'photos/1/a-thumb.jpg',
      'photos/2/b.jpg',
      'photos/30/c.jpg',
      'photos/4/d.jpg',
    ];
    for (const key of written) await storage.put(key, bytes(`bytes of ${key}`), 'image/jpeg');
    await storage.put('staff/1/e.jpg', bytes('staff'), 'image/jpeg');
    await storage.put('photosx/1/f.jpg', bytes('not under photos/'), 'image/jpeg');

    const listed = await all(storage.list('photos/'));
    expect(listed.map((o) => o.key)).toEqual([...written].sort());
    for (const object of listed) {
      expect(object.size).toBe(`bytes of ${object.key}`.length);
      expect(object.lastModified).toBeInstanceOf(Date);
      // S3 dates have whole seconds; both clocks are this machine's.
      expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect(await keys(storage, 'staff/')).toEqual(['staff/1/e.jpg']);
    expect(await keys(storage, 'photos/1/')).toEqual(['photos/1/a-thumb.jpg', 'photos/1/a.jpg']);
  });

  it('deleting what was listed while the listing goes on still lists each object once', async () => {
    const written = ['sweep/1/a.jpg', 'sweep/1/b.jpg', 'sweep/2/c.jpg', 'sweep/3/d.jpg', 'sweep/4/e.jpg'];
    for (const key of written) await storage.put(key, bytes('x'), 'image/jpeg');
    const seen: string[] = [];
    for await (const object of storage.list('sweep/')) {
      seen.push(object.key);
      await storage.delete(object.key);
    }
    expect(seen.sort()).toEqual(written);
    expect(await keys(storage, 'sweep/')).toEqual([]);
  });

  it.each(['', 'photos', '/photos/', '../', 'photos//', 'photos/../', '.hidden/', 'photos/%2e/'])(
    'refuses the prefix %j',
    async (prefix) => {
      await expect(all(storage.list(prefix))).rejects.toBeInstanceOf(StorageKeyError);
    },
  );
});

describe('S3 listing', () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vv-list-s3rver-'));
    server = await startS3rver(directory, BUCKET);
  });
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const storageOf = (options: { bucket?: string; listPageSize?: number } = {}) =>
    createS3Storage({
      endpoint: server.endpoint,
      bucket: options.bucket ?? BUCKET,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      ...(options.listPageSize ? { listPageSize: options.listPageSize } : {}),
    });

  it('follows the continuation token: 7 keys in pages of 3 take 3 ListObjectsV2 requests', async () => {
    const storage = storageOf({ listPageSize: 3 });
    const written = Array.from({ length: 7 }, (_, i) => `pages/${i}/p.jpg`);
    for (const key of written) await storage.put(key, bytes('x'), 'image/jpeg');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await keys(storage, 'pages/')).toEqual(written);
    const lists = fetchSpy.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes('list-type=2'),
    );
    expect(lists).toHaveLength(3);
    expect(String(lists[1]?.[0] instanceof Request ? lists[1][0].url : lists[1]?.[0])).toContain(
      'continuation-token=',
    );
  });

  it('a missing bucket is a StorageError', async () => {
    const failure = await all(storageOf({ bucket: 'no-such-bucket' }).list('photos/')).catch((e) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure.message).toContain('NoSuchBucket');
  });

  it('an unreachable server is a StorageError', async () => {
    const storage = createS3Storage({
      endpoint: 'http://127.0.0.1:1',
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    });
    await expect(all(storage.list('photos/'))).rejects.toBeInstanceOf(StorageError);
  });

  it('reads a page: entities decoded, keys delete could not take skipped, a truncated page needs a token', () => {
    const page = parseListPage(
      '<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>a&amp;b</NextContinuationToken>' +
        '<Contents><Key>photos/1/a.jpg</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>12</Size></Contents>' +
        '<Contents><Key>photos/1/../x.jpg</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>1</Size></Contents>' +
        '</ListBucketResult>',
    );
    expect(page).toEqual({
      objects: [{ key: 'photos/1/a.jpg', lastModified: new Date('2026-01-02T03:04:05.000Z'), size: 12 }],
      truncated: true,
      next: 'a&b',
    });
    expect(() => parseListPage('<Contents><Key>photos/1/a.jpg</Key><Size>1</Size></Contents>')).toThrow(
      StorageError,
    );
  });
});

describe('local listing', () => {
  it('leaves out metadata, temp files, symlinks and names delete could not take', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'vv-list-'));
    try {
      const dir = join(parent, 'uploads');
      const storage = createLocalStorage(dir);
      await storage.put('photos/1/a.jpg', bytes('x'), 'image/jpeg');
      await writeFile(join(dir, 'photos', '1', '.a.jpg.0123.tmp'), 'half a photo');
      await writeFile(join(dir, 'photos', '1', 'with space.jpg'), 'x');
      await writeFile(join(parent, 'outside.jpg'), 'outside');
      await symlink(join(parent, 'outside.jpg'), join(dir, 'photos', '1', 'link.jpg'));
      await mkdir(join(dir, 'photos', '2'));
      // The write time is the file's mtime: a sweep reads a photo's age from it.
      const old = new Date('2026-01-02T03:04:05.000Z');
      await utimes(join(dir, 'photos', '1', 'a.jpg'), old, old);
      expect(await all(storage.list('photos/'))).toEqual([
        { key: 'photos/1/a.jpg', lastModified: old, size: 1 },
      ]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
