import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { serverSecrets } from '../../db/schema';

/** The server_secrets row response secrets derive from (docs/decisions/0021). */
export const RESPONSE_SECRET_KEY_NAME = 'response-secret-key';

// One promise per database: the key is read once per process, and a failed read is retried next time.
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  // Insert-if-absent then read: every replica ends up with the one key the first insert wrote.
  await db
    .insert(serverSecrets)
    .values({ name: RESPONSE_SECRET_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const rows = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, RESPONSE_SECRET_KEY_NAME))
    .limit(1);
  const value = rows[0]?.value;
  if (!value) throw new Error('response secret key missing after insert');
  return Buffer.from(value, 'base64url');
}

/** The server key for response secrets, generated once and shared by every replica through the database. */
export function responseSecretKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/**
 * Lets `tx`, a transaction or savepoint of `db`, use the key already read through `db`. A batch runs
 * each item in its own savepoint, a new Db each time: without this, every create in it read the key
 * again (two statements). The batch reads the key before it opens its transaction, as a query on `db`
 * inside that transaction would wait for it on PGlite's one connection.
 */
export function shareResponseSecretKey(db: Db, tx: Db): void {
  const key = keys.get(db);
  if (key) keys.set(tx, key);
}

/**
 * A response's secret: HMAC-SHA256(server key, guid), base64url (256 bits). Deriving it means nothing
 * secret is stored per response, and a retried create answers the very same secret.
 */
export async function deriveResponseSecret(db: Db, guid: string): Promise<string> {
  const key = await responseSecretKey(db);
  return createHmac('sha256', key).update(guid.toLowerCase()).digest('base64url');
}

/** Constant-time comparison of a presented secret with the derived one. */
export async function secretMatches(db: Db, guid: string, presented: string): Promise<boolean> {
  const expected = Buffer.from(await deriveResponseSecret(db, guid));
  const given = Buffer.from(presented);
  // timingSafeEqual needs equal lengths; comparing expected with itself keeps the time the same.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, given);
}
