import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Branch device passcodes are sealed with AES-256-GCM under a key kept outside the database
 * (decision 0080). device.register's `pass` is SHA-256(DEVICEID + passcode): to check it the server
 * must know the passcode itself, so a one-way hash cannot be what is stored; sealing keeps a database
 * dump or backup from handing out the passcodes of every branch.
 */
export const PASSCODE_KEY_BYTES = 32;
const VERSION = 'v1';

// The branch id is authenticated with the passcode, so a sealed value copied to another branch does not open.
const aad = (branchId: number) => Buffer.from(`branch-device-passcode:${branchId}`);

/** Seals a branch's device passcode: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealPasscode(key: Buffer, branchId: number, passcode: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(branchId));
  const ciphertext = Buffer.concat([cipher.update(passcode, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => p.toString('base64url')).join('.');
}

/** Opens a sealed passcode; null when it does not open under this key (another key, tampered, malformed). */
export function openPasscode(key: Buffer, branchId: number, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(branchId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Compares a `pass` in constant time. */
export function passMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads a key given as 64 hex digits or 43 base64url characters. */
export function parsePasscodeKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64url');
  if (key.length !== PASSCODE_KEY_BYTES) {
    throw new Error('The device passcode key must be 32 bytes: 64 hex digits or 43 base64url characters');
  }
  return key;
}

export const PASSCODE_KEY_FILE = 'device-passcode.key';

/**
 * The passcode key: DEVICE_PASSCODE_KEY when set (several replicas must share one), else a file in
 * DATA_DIR created on first use with owner-only permissions. The server and the admin command read it
 * the same way, so a passcode the command sets is one the server can open.
 */
export async function loadPasscodeKey(config: {
  devicePasscodeKey: string | undefined;
  dataDir: string;
}): Promise<Buffer> {
  if (config.devicePasscodeKey) return parsePasscodeKey(config.devicePasscodeKey);
  const file = join(config.dataDir, PASSCODE_KEY_FILE);
  try {
    return parsePasscodeKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  // Written aside, then linked into place: a link is atomic and fails if the file exists, so when two
  // processes start at once one key wins and neither ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(draft, `${randomBytes(PASSCODE_KEY_BYTES).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return parsePasscodeKey(await readFile(file, 'utf8'));
}
