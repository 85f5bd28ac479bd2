import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1), decision 0204: about 70 ms
 * on one core, on libuv's thread pool so the event loop keeps serving. The PHC string carries its own
 * parameters, so raising them later leaves stored hashes verifiable.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package's enum is an ambient const enum, which isolatedModules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) of a new password. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/**
 * A hash no password matches in practice, verified when the e-mail names no operator (or one who has no
 * password yet), so such a sign-in costs what a wrong password costs and its timing tells nothing.
 */
const STAND_IN_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$dmVudWUtdm9pY2Utc3RhbmQtaW4$Vp0nC6nQqkz8KtMXQ9d4dK0b9Yw0yO6nR3Ys6V2hJ3c';

/** Whether `password` matches `stored` (a PHC string, or null: no password); a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  try {
    const matches = await verify(stored ?? STAND_IN_HASH, password);
    return stored !== null && matches;
  } catch {
    return false;
  }
}
