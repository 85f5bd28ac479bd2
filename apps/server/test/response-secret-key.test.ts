import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/connection';
import {
  deriveResponseSecret,
  responseSecretKey,
  shareResponseSecretKey,
} from '../src/services/responses/response-secret';
import { databases } from './databases';

// A batch's items each run in a savepoint, a Db of their own: the key read once for the batch serves
// them all, instead of two statements per create to read it again.
describe.each(databases())('the response secret key on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create({ seed: false }));
  });
  afterAll(() => drop?.());

  // Stands for a savepoint that must not be asked anything: any query on it fails.
  const unreadable = () =>
    new Proxy({} as Db, {
      get: () => {
        throw new Error('the key was read again');
      },
    });

  it('is read through a savepoint that shares it without a query, and gives the same secrets', async () => {
    await responseSecretKey(database.db);
    const savepoint = unreadable();
    shareResponseSecretKey(database.db, savepoint);
    const guid = randomUUID();
    expect(await deriveResponseSecret(savepoint, guid)).toBe(await deriveResponseSecret(database.db, guid));
  });

  it('is read again through a Db that was not given it', async () => {
    await expect(deriveResponseSecret(unreadable(), randomUUID())).rejects.toThrow('the key was read again');
  });

  it('shares nothing before the key was read for the database', async () => {
    const fresh = await target.create({ seed: false });
    try {
      const savepoint = unreadable();
      shareResponseSecretKey(fresh.database.db, savepoint);
      await expect(deriveResponseSecret(savepoint, randomUUID())).rejects.toThrow('the key was read again');
    } finally {
      await fresh.drop();
    }
  });
});
