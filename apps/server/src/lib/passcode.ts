import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

// scrypt N=2^14, r=8, p=1 (node's defaults, ~16 MB): slow enough to make offline guessing costly.
const PARAMS = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Hashes a branch device passcode as `scrypt$N$r$p$salt$hash` (hex); the passcode is never stored. */
export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(passcode, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('hex'), hash.toString('hex')].join('$');
}

/** Checks a passcode against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPasscode(passcode: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scryptAsync(passcode, Buffer.from(saltHex, 'hex'), expected.length, options);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
