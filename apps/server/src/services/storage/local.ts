import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ListedObject,
  type Storage,
  StorageKeyError,
  type StoredObject,
} from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files under one directory (created on demand). The content type sits beside each file in a hidden
 * `.<name>.meta` file: keys never start with a dot, so metadata can never be read as an upload.
 */
export function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);

  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(root, key);
    // The key rules already forbid `..`; this is the second lock on the same door.
    if (!path.startsWith(root + sep)) throw new StorageKeyError(key);
    return path;
  };
  const metaOf = (path: string) => join(dirname(path), `.${basename(path)}.meta`);

  return {
    kind: 'local',

    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader sees the old file or the whole new one, never half of it.
      const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(metaOf(path), JSON.stringify({ contentType }));
        await writeFile(temp, bytes);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async putFile(key, source, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(metaOf(path), JSON.stringify({ contentType }));
        await copyFile(source, temp);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      let size: number;
      let lastModified: Date;
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        size = info.size;
        lastModified = info.mtime;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await readFile(metaOf(path), 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
      }
      return { body: createReadStream(path), contentType, size, lastModified };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(metaOf(path), { force: true });
    },

    async *list(prefix) {
      assertStoragePrefix(prefix);
      yield* walk(root, prefix);
    },
  };
}

/**
 * The files under `root/folder`, depth first. Hidden names (metadata, a write's temp file) are not
 * objects; a file or folder removed while the walk goes on is skipped, not an error.
 */
async function* walk(root: string, folder: string): AsyncGenerator<ListedObject> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(root, folder), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException)?.code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of entries) {
    const key = `${folder}${entry.name}`;
    if (!isStorageKey(key)) continue;
    if (entry.isDirectory()) {
      yield* walk(root, `${key}/`);
    } else if (entry.isFile()) {
      try {
        const info = await stat(join(root, key));
        yield { key, lastModified: info.mtime, size: info.size };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}
