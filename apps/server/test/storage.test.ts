import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  createStorage,
  type Storage,
  StorageError,
  StorageKeyError,
} from '../src/services/storage';
import { S3RVER_KEY, startS3rver } from './storage-servers';

const BUCKET = 'uploads';
const bytes = (s: string) => new TextEncoder().encode(s);

interface Backend {
  name: string;
  start(): Promise<{ storage: Storage; stop(): Promise<void> }>;
}

const local: Backend = {
  name: 'local directory',
  async start() {
    const parent = await mkdtemp(join(tmpdir(), 'vv-storage-'));
    // A directory that does not exist yet: the store creates it on the first put.
    return {
      storage: createLocalStorage(join(parent, 'not-yet', 'uploads')),
      stop: () => rm(parent, { recursive: true, force: true }),
    };
  },
};

const s3: Backend = {
  name: 'S3 (s3rver)',
  async start() {
    const directory = await mkdtemp(join(tmpdir(), 'vv-s3rver-'));
    const server = await startS3rver(directory, BUCKET);
    const storage = createStorage({
      kind: 's3',
      endpoint: server.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
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

describe.each([local, s3])('storage: $name', (backend) => {
  let storage: Storage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await backend.start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('put then get answers the same bytes, content type and size', async () => {
    await storage.put('photos/1/a.jpg', bytes('hello photo'), 'image/jpeg');
    const object = await storage.get('photos/1/a.jpg');
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(11);
    expect(object?.lastModified).toBeInstanceOf(Date);
    expect(object && (await text(object.body))).toBe('hello photo');
  });

  it('put replaces an existing object', async () => {
    await storage.put('photos/1/b.jpg', bytes('first'), 'image/jpeg');
    await storage.put('photos/1/b.jpg', bytes('second'), 'image/png');
    const object = await storage.get('photos/1/b.jpg');
    expect(object?.contentType).toBe('image/png');
    expect(object && (await text(object.body))).toBe('second');
  });

  it('a 2 MB object round-trips intact', async () => {
    const big = new Uint8Array(2_000_000).map((_, i) => (i * 7) % 251);
    await storage.put('photos/2/big.jpg', big, 'image/jpeg');
    const object = await storage.get('photos/2/big.jpg');
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.from(big))).toBe(true);
  });

  it('putFile streams a file from disk (a 3 MB export) and it round-trips intact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vv-putfile-'));
    try {
      const big = Buffer.from(new Uint8Array(3_000_000).map((_, i) => (i * 13) % 251));
      await writeFile(join(dir, 'export.csv'), big);
      await storage.putFile('exports/1/file.csv', join(dir, 'export.csv'), 'text/csv; charset=utf-8');
      const object = await storage.get('exports/1/file.csv');
      expect(object?.contentType).toBe('text/csv; charset=utf-8');
      const chunks: Buffer[] = [];
      for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(big)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('get of a missing key is null', async () => {
    expect(await storage.get('photos/404/none.jpg')).toBeNull();
  });

  it('delete removes the object, and deleting it again is not an error', async () => {
    await storage.put('photos/3/c.jpg', bytes('x'), 'image/jpeg');
    await storage.delete('photos/3/c.jpg');
    expect(await storage.get('photos/3/c.jpg')).toBeNull();
    await expect(storage.delete('photos/3/c.jpg')).resolves.toBeUndefined();
  });

  it.each([
    '../escape.jpg',
    'photos/../../escape.jpg',
    '/etc/passwd',
    'photos//a.jpg',
    'photos/.hidden',
    'photos/a.jpg/',
    'photos\\..\\a.jpg',
    '',
    'photos/%2e%2e/a.jpg',
    `photos/${'a'.repeat(600)}`,
    'photos/a\u0000.jpg',
  ])('refuses the key %j on put, get and delete', async (key) => {
    await expect(storage.put(key, bytes('x'), 'image/jpeg')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe('local storage', () => {
  it('keeps every file inside its directory and never serves its metadata files', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'vv-storage-'));
    try {
      const dir = join(parent, 'uploads');
      const storage = createLocalStorage(dir);
      await storage.put('photos/9/a.jpg', bytes('x'), 'image/jpeg');
      expect(await readdir(parent)).toEqual(['uploads']);
      expect((await readdir(join(dir, 'photos', '9'))).sort()).toEqual(['.a.jpg.meta', 'a.jpg']);
      // A file someone put next to the directory stays unreachable.
      await writeFile(join(parent, 'secret.txt'), 'secret');
      await expect(storage.get('../secret.txt')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get('photos/9/.a.jpg.meta')).rejects.toBeInstanceOf(StorageKeyError);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('S3 storage', () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vv-s3rver-'));
    server = await startS3rver(directory, BUCKET);
  });
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('an unknown access key is refused by the server: requests carry a SigV4 header it parses', async () => {
    // s3rver checks the access key of a SigV4 request but not the signature itself (its V4 support
    // is partial), so this proves the header is there and well-formed, not that the HMAC is right.
    const storage = createS3Storage({
      endpoint: server.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: S3RVER_KEY,
    });
    const failure = await storage.put('photos/1/a.jpg', bytes('x'), 'image/jpeg').catch((e) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure.status).toBe(403);
    expect(failure.message).toContain('InvalidAccessKeyId');
  });

  it('a missing bucket is a StorageError, not a missing object', async () => {
    const storage = createS3Storage({
      endpoint: `${server.endpoint}/`,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    });
    const failure = await storage.put('photos/1/a.jpg', bytes('x'), 'image/jpeg').catch((e) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure.message).toContain('NoSuchBucket');
  });
});
