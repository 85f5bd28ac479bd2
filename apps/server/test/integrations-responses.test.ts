import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetails, integrationKeys, responseSupplements, voucherCodes } from '../src/db/schema';
import { newKey } from '../src/services/integrations';
import { purgeContactDetails } from '../src/services/retention/contact-details';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { staffOf, storeResponses, type TestResponse } from './support/inbox';

const PULL = '/api/v1/integrations/responses';
const DAY = 86_400_000;

/** A key of a company, straight into the table (the console's calls are integration-keys.test.ts's). */
async function keyOf(h: Harness, companyId: number, scopes = ['responses:read']): Promise<string> {
  const { key, keyHash, prefix } = newKey();
  await h.database.db.insert(integrationKeys).values({ companyId, name: 'BI', prefix, keyHash, scopes });
  return key;
}

/**
 * Issue 30 item 7 (decision 0242): GET /integrations/responses pages a company's responses by their
 * position (stored, or last supplemented if later), so a tool that keeps each nextCursor gets every new
 * or changed response once; not before it is 30 s old; contact details only while kept.
 */
describe.each(databases())('responses pull on $name', (target) => {
  let h: Harness;
  let key: string;
  /** A time safely behind the settle horizon: positions are the database's and the servers' clocks. */
  const base = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
  /** Before every position of the test's own: the demo's responses, dated 2001, are left out. */
  const startIso = new Date(base).toISOString();
  const at = (seconds: number, micros = 0) =>
    `${new Date(base + seconds * 1000).toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;

  beforeAll(async () => {
    h = await startHarness(target, {
      prepare: async (database) => {
        await addOtherCompany(database.db);
        // The demo's own responses out of the way: every position in these tests is the test's.
        await database.db.execute(sql`update responses set created_at = '2001-01-01T00:00:00Z'`);
        await database.db.execute(sql`update response_supplements set updated_at = '2001-01-01T00:00:00Z'`);
      },
    });
    key = await keyOf(h, 1);
  });
  afterAll(async () => {
    await h?.close();
  });

  const pull = (query = '', bearer = key) =>
    call(h.app, { method: 'GET', url: `${PULL}${query}`, headers: { authorization: `Bearer ${bearer}` } });
  /** Stores a response and dates its storing. */
  const stored = async (seconds: number, micros = 0, response: Partial<TestResponse> = {}) => {
    const [id] = await storeResponses(h.database.db, [
      { branchId: 1, visit: '2025-06-14 12:00:00', ...response },
    ]);
    await h.database.db.execute(
      sql`update responses set created_at = ${at(seconds, micros)}::timestamptz where id = ${id}`,
    );
    return id as number;
  };
  const supplement = (responseId: number, kind: string, payload: object, updatedAt: string) =>
    h.database.db
      .insert(responseSupplements)
      .values({ responseId, kind, payload, updatedAt: new Date(updatedAt) })
      .onConflictDoUpdate({
        target: [responseSupplements.responseId, responseSupplements.kind],
        set: { payload, updatedAt: sql`${updatedAt}::timestamptz` },
      });
  /** Every page from `query` on: the ids in order and the last cursor. */
  async function walk(start: { cursor?: string; since?: string }, limit = 2) {
    const START = startIso;
    const ids: number[] = [];
    let cursor = start.cursor;
    for (let pages = 0; pages < 100; pages++) {
      const params = new URLSearchParams({ limit: String(limit) });
      if (cursor) params.set('cursor', cursor);
      params.set('updatedSince', start.since ?? START);
      const page = await pull(`?${params}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      ids.push(...page.body.data.items.map((item: { id: number }) => item.id));
      cursor = page.body.data.nextCursor ?? cursor;
      if (!page.body.data.hasMore) return { ids, cursor };
    }
    throw new Error('the walk did not end');
  }

  let first: number[] = [];
  let cursor: string | undefined;

  it('pages every response once in position order, ties by id, another company’s never', async () => {
    const other = await storeResponses(h.database.db, [
      { companyId: 2, branchId: 20, surveyId: 20, visit: '2025-06-14 12:00:00' },
    ]);
    await h.database.db.execute(
      sql`update responses set created_at = ${at(5)}::timestamptz where id = ${other[0]}`,
    );
    // Three stored by one statement share its time (group commit), to the microsecond.
    const a = await stored(10, 5);
    const b = await stored(20, 1);
    const c = await stored(20, 1);
    const d = await stored(20, 1);
    const e = await stored(20, 2);
    const f = await stored(30);
    // A supplement older than the response (clocks of two machines) does not move it.
    await supplement(f, 'marketing', { permitted: true }, at(29));
    first = [a, b, c, d, e, f];
    for (const limit of [1, 2, 4, 100]) {
      const walked = await walk({}, limit);
      expect(walked.ids, `limit ${limit}`).toEqual(first);
      cursor = walked.cursor;
    }
    const otherKey = await keyOf(h, 2);
    const theirs = await pull(`?updatedSince=${startIso}`, otherKey);
    expect(theirs.body.data.items.map((item: { id: number }) => item.id)).toEqual(other);
  });

  it('says each position in microseconds, and where the page ends', async () => {
    const page = await pull(`?updatedSince=${startIso}&limit=3`);
    expect(page.body.data.items.map((item: { updatedAt: string }) => item.updatedAt)).toEqual([
      at(10, 5),
      at(20, 1),
      at(20, 1),
    ]);
    expect(page.body.data.hasMore).toBe(true);
    expect(page.body.data.nextCursor).toEqual(expect.any(String));
  });

  it('gives a stored cursor only what is new or changed since, once, then nothing', async () => {
    const [, b, , d] = first;
    const g = await stored(40);
    // b supplemented after g was stored; d's contact marker after that.
    await supplement(b as number, 'marketing', { permitted: false }, at(50));
    await supplement(d as number, 'complaint_contact', { complaintContact: false }, at(60));
    const walked = await walk({ cursor }, 1);
    expect(walked.ids).toEqual([g, b, d]);
    const page = await pull(`?cursor=${walked.cursor}`);
    expect(page.body.data).toEqual({ items: [], nextCursor: walked.cursor, hasMore: false });
    // b again, later: it comes once more, with what changed.
    await supplement(b as number, 'marketing', { permitted: true }, at(70));
    const again = await pull(`?cursor=${walked.cursor}`);
    expect(again.body.data.items.map((item: { id: number }) => item.id)).toEqual([b]);
    expect(again.body.data.items[0]).toMatchObject({ marketingPermitted: true, updatedAt: at(70) });
    cursor = again.body.data.nextCursor;
  });

  it('starts at updatedSince, and keeps to it with a cursor too', async () => {
    const [a, b, c, d, e, f] = first;
    const since = new Date(base + 20_000).toISOString();
    // Positions at or after 20 s: c (20.000001), e (20.000002), f (30), g (40), d (60), b (70); a is at 10.
    const all = (await walk({ since }, 100)).ids;
    expect(all).not.toContain(a);
    expect(all.slice(0, 3)).toEqual([c, e, f]);
    expect(all.slice(-2)).toEqual([d, b]);
    expect(all).toHaveLength(6);
    const third = await pull(`?updatedSince=${since}&limit=3`);
    const rest = await walk({ since, cursor: third.body.data.nextCursor }, 100);
    expect(rest.ids).toEqual(all.slice(3));
  });

  it('holds back what is younger than 30 s: a later transaction may still commit before it', async () => {
    const fresh = await storeResponses(h.database.db, [{ branchId: 1, visit: '2025-06-14 12:00:00' }]);
    const page = await pull(`?cursor=${cursor}`);
    expect(page.body.data.items).toEqual([]);
    await h.database.db.execute(
      sql`update responses set created_at = now() - interval '31 seconds' where id = ${fresh[0]}`,
    );
    const later = await pull(`?cursor=${cursor}`);
    expect(later.body.data.items.map((item: { id: number }) => item.id)).toEqual(fresh);
    cursor = later.body.data.nextCursor;
  });

  it('shows what a BI tool needs of a response', async () => {
    const staff = await staffOf(h.database.db, 1);
    const id = await stored(80, 0, {
      source: 'app',
      language: 'de',
      csat: 40,
      nps: 6,
      complaint: true,
      staffId: staff.id,
      indicators: [{ id: 1, score: 2 }],
      questions: [
        { id: 102, answer: { text: 'The soup was cold' } },
        {
          id: 110,
          answer: { extra: { menuInsight: [{ ref: '1001', aspectRatingId: 1, reasons: [1, 2] }] } },
        },
      ],
    });
    await h.database.db
      .insert(voucherCodes)
      .values({ surveyId: 1, voucherId: 1, code: `PULL-${id}`, state: 2, responseId: id, issuedAt: NOW });
    const page = await pull(`?updatedSince=${at(80)}`);
    const item = page.body.data.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      id,
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      branchId: 1,
      surveyId: 1,
      visitDatetime: '2025-06-14 12:00:00',
      source: 'tablet',
      language: 'de',
      csat: 40,
      nps: 6,
      complaint: true,
      indicators: [{ id: 1, name: expect.any(String), score: 2 }],
      answers: [
        { id: 102, answer: { text: 'The soup was cold' } },
        {
          id: 110,
          answer: { extra: { menuInsight: [{ ref: '1001', aspectRatingId: 1, reasons: [1, 2] }] } },
        },
      ],
      dishes: [
        { questionId: 110, ref: '1001', name: expect.any(String), rating: 1, reasons: ['Cold', 'Bland'] },
      ],
      staff: { id: staff.id, name: staff.name, tags: [], text: null },
      marketingPermitted: null,
      voucher: { code: `PULL-${id}`, state: 'issued', issuedAt: NOW.toISOString() },
      contact: null,
      contactDeleted: false,
    });
    expect(item.receivedAt).toBe(new Date(base + 80_000).toISOString());
  });

  it('shows contact details while kept, never after their days, nor after the purge', async () => {
    const kept = await stored(90);
    const pastDays = await stored(91);
    const purged = await stored(92);
    await h.database.db.insert(contactDetails).values([
      { responseId: kept, name: 'Kim', email: 'kim@example.com', givenAt: new Date(NOW.getTime() - DAY) },
      // Past the company's 7 days, not yet reached by the hourly purge: withheld all the same.
      { responseId: pastDays, email: 'late@example.com', givenAt: new Date(NOW.getTime() - 8 * DAY) },
      { responseId: purged, email: 'gone@example.com', givenAt: new Date(NOW.getTime() - 8 * DAY) },
    ]);
    for (const id of [kept, pastDays, purged]) await supplement(id, 'contact', { given: true }, at(100));
    const read = async () => {
      const page = await pull(
        `?updatedSince=${encodeURIComponent(new Date(base + 95_000).toISOString())}&limit=1000`,
      );
      return new Map(page.body.data.items.map((item: { id: number }) => [item.id, item]));
    };
    const before = await read();
    expect(before.get(kept)).toMatchObject({
      contact: {
        name: 'Kim',
        email: 'kim@example.com',
        phone: null,
        givenAt: new Date(NOW.getTime() - DAY).toISOString(),
        deleteBy: new Date(NOW.getTime() + 6 * DAY).toISOString(),
      },
      contactDeleted: false,
    });
    expect(before.get(pastDays)).toMatchObject({ contact: null, contactDeleted: true });
    expect(JSON.stringify(before.get(pastDays))).not.toContain('late@example.com');
    await purgeContactDetails(h.database.db, NOW);
    const after = await read();
    expect(after.get(purged)).toMatchObject({ contact: null, contactDeleted: true });
    expect(JSON.stringify([...after.values()])).not.toMatch(/late@|gone@/);
    expect(after.get(kept)).toMatchObject({ contact: { email: 'kim@example.com' } });
  });

  it.each([
    ['?updatedSince=2025-06-14', 'updatedSince'],
    ['?updatedSince=2025-06-14T10:00:00', 'updatedSince'],
    ['?limit=0', 'limit'],
    ['?limit=1001', 'limit'],
    ['?cursor=abc', 'cursor'],
    [`?cursor=${Buffer.from('2025-13-01T00:00:00.000000Z|1').toString('base64url')}`, 'cursor'],
    [`?cursor=${Buffer.from('2025-06-01T00:00:00.000000Z|0').toString('base64url')}`, 'cursor'],
  ])('refuses %s with 400 10009 naming %s', async (query, field) => {
    const answer = await pull(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(10009);
    expect(answer.body.error.detail.fields).toEqual([expect.objectContaining({ field, in: 'query' })]);
  });
});
