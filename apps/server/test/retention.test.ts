import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { companies } from '../src/db/schema';
import { purgeContactDetails } from '../src/services/retention/contact-details';
import { databases } from './databases';
import { DAY, hasContact, hasResponse, insertResponseWithContact, MINUTE } from './retention-fixtures';

const NOW = new Date('2025-06-14T18:30:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(databases())('purgeContactDetails on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ now: NOW }));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('deletes contact details 7 days old or older at `now`, keeps younger ones and every answer', async () => {
    const db = database.db;
    const young = await insertResponseWithContact(db, ago(7 * DAY - MINUTE));
    const exactly = await insertResponseWithContact(db, ago(7 * DAY));
    const old = await insertResponseWithContact(db, ago(7 * DAY + MINUTE));
    const ancient = await insertResponseWithContact(db, ago(400 * DAY));
    const fresh = await insertResponseWithContact(db, NOW);

    const result = await purgeContactDetails(db, NOW);

    expect(result).toEqual({ deleted: 3 });
    expect(await hasContact(db, young)).toBe(true);
    expect(await hasContact(db, fresh)).toBe(true);
    for (const id of [exactly, old, ancient]) expect(await hasContact(db, id)).toBe(false);
    for (const id of [young, exactly, old, ancient, fresh]) expect(await hasResponse(db, id)).toBe(true);
  });

  it('uses the `now` it is given, not the wall clock: a minute later the 7 days − 1 minute row goes too', async () => {
    const db = database.db;
    const id = await insertResponseWithContact(db, ago(7 * DAY - MINUTE));
    expect(await purgeContactDetails(db, NOW)).toEqual({ deleted: 0 });
    expect(await hasContact(db, id)).toBe(true);
    expect(await purgeContactDetails(db, new Date(NOW.getTime() + MINUTE))).toEqual({ deleted: 2 });
    expect(await hasContact(db, id)).toBe(false);
  });

  it('a second purge at the same moment deletes nothing', async () => {
    expect(await purgeContactDetails(database.db, new Date(NOW.getTime() + MINUTE))).toEqual({ deleted: 0 });
  });

  it('refuses an invalid date rather than deleting by NaN', async () => {
    await expect(purgeContactDetails(database.db, new Date('nope'))).rejects.toThrow(RangeError);
  });

  it('O3.13 keeps contact details the company’s days (3 here), and the database refuses more than 7', async () => {
    const db = database.db;
    await db.update(companies).set({ contactRetentionDays: 3 }).where(eq(companies.id, 1));
    try {
      const kept = await insertResponseWithContact(db, ago(3 * DAY - MINUTE));
      const gone = await insertResponseWithContact(db, ago(3 * DAY));
      expect(await purgeContactDetails(db, NOW)).toEqual({ deleted: 1 });
      expect([await hasContact(db, kept), await hasContact(db, gone)]).toEqual([true, false]);
      await expect(
        db.update(companies).set({ contactRetentionDays: 8 }).where(eq(companies.id, 1)),
      ).rejects.toThrow();
    } finally {
      await db.update(companies).set({ contactRetentionDays: 7 }).where(eq(companies.id, 1));
    }
  });
});
