import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStorage, type Storage } from '../../src/services/storage';

export interface TempPhotoStorage {
  storage: Storage;
  dir: string;
  /** Deletes the directory and every photo in it. */
  remove(): Promise<void>;
}

/** Local photo storage in a new temporary directory: buildApp needs one, serve.ts builds it from config. */
export async function tempPhotoStorage(): Promise<TempPhotoStorage> {
  const dir = await mkdtemp(join(tmpdir(), 'vv-photos-'));
  return { storage: createLocalStorage(dir), dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
