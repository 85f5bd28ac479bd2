import type { Readable } from 'node:stream';

/** An object read back from storage: its bytes as a stream plus what we need to serve it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes, when the backend says (S3 may stream without a length). */
  size: number | null;
  lastModified: Date | null;
}

/** One object as a listing names it: enough to decide whether a sweep may remove it. */
export interface ListedObject {
  key: string;
  /** When it was last written, by the storage's clock (the file's mtime, S3's LastModified). */
  lastModified: Date;
  size: number;
}

/**
 * Where uploaded files live. Keys are relative names such as `photos/12/ab…cd.jpg`; every
 * implementation refuses a key that `assertStorageKey` refuses, so no key can leave its root.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) the object; resolves once it is durable enough to be read back. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores (or replaces) the object from a file on this server's disk, read as a stream: a large file
   * (a response export) never has to fit in memory.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a folder: `photos/`), page by page, in no set order.
   * Only keys `assertStorageKey` accepts are listed, so each one can be passed to `delete`. Deleting
   * what was listed while the listing goes on is allowed.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
}

/** A key that could name something outside the storage root, or is otherwise not a plain name. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'StorageKeyError';
  }
}

/** The backend failed (S3 answered an error status, the disk is full…): a fault of ours, not input. */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

// Segments of letters, digits, dot, dash and underscore that start with a letter or digit: no `..`,
// no hidden names (the local store keeps its metadata in hidden files), no separators but `/`.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Throws StorageKeyError unless the key is `segment(/segment)*` of safe segments. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageKeyError(String(key));
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new StorageKeyError(key);
  }
}

/** Throws StorageKeyError unless the prefix is a folder: `segment(/segment)*` and a closing `/`. */
export function assertStoragePrefix(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new StorageKeyError(String(prefix));
  assertStorageKey(prefix.slice(0, -1));
}

/** True when `assertStorageKey` accepts the key (listings skip what could not be addressed). */
export function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
