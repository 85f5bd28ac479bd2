import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSCODE_KEY_BYTES } from '../../apps/server/src/services/devices/passcode-seal';
import { createOutboxMailer, type Mailer } from '../../apps/server/src/services/mail';
import { createLocalStorage, type Storage } from '../../apps/server/src/services/storage';

export interface BenchAppParts {
  /** Photos in a new temporary directory (serve.ts builds the storage from config). */
  storage: Storage;
  /** A key of this run (serve.ts loads the data dir's): no bench registers a device by passcode. */
  passcodeKey: Buffer;
  /** Mail into an outbox in the same temporary directory: no bench sends any. */
  mailer: Mailer;
  /** Deletes the photo directory; pass to the app's onClose. */
  remove(): Promise<void>;
}

/** What buildApp needs that a bench does not measure. */
export async function benchAppParts(): Promise<BenchAppParts> {
  const dir = await mkdtemp(join(tmpdir(), 'vv-bench-photos-'));
  return {
    storage: createLocalStorage(dir),
    passcodeKey: randomBytes(PASSCODE_KEY_BYTES),
    mailer: createOutboxMailer({
      dir: join(dir, 'outbox'),
      from: 'Venue Voice <no-reply@localhost>',
      log: console,
    }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
