import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export { createLocalStorage } from './local';
export { createS3Storage, type S3Options } from './s3';
export {
  assertStorageKey,
  assertStoragePrefix,
  type ListedObject,
  type Storage,
  StorageError,
  StorageKeyError,
  type StoredObject,
} from './types';

/** The storage the configuration names: a local directory by default, S3-compatible with STORAGE=s3. */
export function createStorage(config: Config['storage']): Storage {
  if (config.kind === 's3') {
    const { kind: _, ...options } = config;
    return createS3Storage(options);
  }
  return createLocalStorage(config.dir);
}
