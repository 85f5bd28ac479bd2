import { randomUUID } from 'node:crypto';
import { type Voucher, VoucherCodeState } from '@venue-voice/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { responses, voucherCodes } from '../src/db/schema';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { isUniqueViolation } from '../src/services/responses/db-errors';
import {
  createResponseWriter,
  insertResponses,
  type NewResponse,
} from '../src/services/responses/insert-responses';
import { databases } from './databases';

// demo-bistro: voucher 1 the incentive, voucher 2 the instant win (demo seed).
const [incentive, instantWin] = (DEMO_SURVEYS[0]?.definition.vouchers ?? []) as Voucher[];
const NOW = new Date('2026-11-22T12:00:00Z');

const newResponse = (draw: NewResponse['draw'], extra: Partial<NewResponse['row']> = {}): NewResponse => ({
  row: {
    companyId: 1,
    surveyId: 1,
    guid: randomUUID(),
    payloadHash: 'h',
    payload: { answers: {} },
    visitDatetime: '2026-11-22 11:00:00',
    authType: 'web',
    ...extra,
  },
  draw,
});
const wins = () => newResponse({ first: instantWin as Voucher, fallback: incentive as Voucher });
const loses = () => newResponse({ first: incentive as Voucher, fallback: null });

/** Only the first n codes of a demo-bistro pool stay unused. */
async function keepOnly(database: Database, voucherId: number, n: number) {
  const db = database.db;
  const pool = and(eq(voucherCodes.surveyId, 1), eq(voucherCodes.voucherId, voucherId));
  await db.update(voucherCodes).set({ state: VoucherCodeState.DELETED }).where(pool);
  const kept = await db
    .select({ id: voucherCodes.id })
    .from(voucherCodes)
    .where(pool)
    .orderBy(voucherCodes.id)
    .limit(n);
  const ids = kept.map((k) => k.id);
  if (ids.length > 0) {
    await db
      .update(voucherCodes)
      .set({ state: VoucherCodeState.UNUSED })
      .where(inArray(voucherCodes.id, ids));
  }
}

describe.each(databases())('creates sharing one statement on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create());
  });
  afterAll(async () => {
    await drop?.();
  });
  afterEach(async () => {
    await database.db
      .update(voucherCodes)
      .set({ state: VoucherCodeState.UNUSED, responseId: null, issuedAt: null });
  });

  it('G4.61 winners a short instant-win pool cannot serve get the incentive, each code once', async () => {
    await keepOnly(database, 2, 2);
    const creates = [wins(), loses(), wins(), wins(), loses(), wins()];
    const stored = await insertResponses(database.db, creates, NOW);
    const given = creates.map((c) => stored.get(c.row.guid));
    expect(given.every((g) => g && g.code !== null)).toBe(true);
    expect(given.filter((g) => g?.voucherId === 2)).toHaveLength(2);
    expect(given.filter((g) => g?.voucherId === 1)).toHaveLength(4);
    // The losers always get the incentive; two of the four winners fall back to it.
    expect([given[1]?.voucherId, given[4]?.voucherId]).toEqual([1, 1]);
    expect(new Set(given.map((g) => g?.code)).size).toBe(6);
    const rows = await database.db
      .select({
        responseId: voucherCodes.responseId,
        code: voucherCodes.code,
        issuedAt: voucherCodes.issuedAt,
      })
      .from(voucherCodes)
      .where(isNotNull(voucherCodes.responseId));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.responseId))).toEqual(new Set(given.map((g) => g?.id)));
    expect(rows.every((r) => r.issuedAt?.getTime() === NOW.getTime())).toBe(true);
  });

  it('a guid already stored answers nothing for it; the others of the statement are stored', async () => {
    const first = loses();
    await insertResponses(database.db, [first], NOW);
    const again = { ...first, row: { ...first.row, payloadHash: 'other' } };
    const fresh = loses();
    const stored = await insertResponses(database.db, [again, fresh], NOW);
    expect(stored.has(first.row.guid)).toBe(false);
    expect(stored.get(fresh.row.guid)?.code).toEqual(expect.any(String));
    const [row] = await database.db.select().from(responses).where(eq(responses.guid, first.row.guid));
    expect(row?.payloadHash).toBe('h');
  });

  it('creates written together: a failed shared statement is sent again one create at a time; a repeated guid waits', async () => {
    const write = createResponseWriter(database.db, () => NOW);
    // Two creates on receipt 3: their shared statement fails; alone, the first is stored, the second refused.
    const a = loses();
    const receiptA = newResponse(incentiveDraw(), { transactionId: 3 });
    const receiptB = newResponse(incentiveDraw(), { transactionId: 3 });
    const same = loses();
    const outcomes = await Promise.allSettled([
      write(a),
      write(receiptA),
      write(receiptB),
      write(same),
      write({ ...same, row: { ...same.row } }),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { id: expect.any(Number) } });
    expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { id: expect.any(Number) } });
    expect(outcomes[2]?.status).toBe('rejected');
    const refused = outcomes[2] as PromiseRejectedResult;
    expect(isUniqueViolation(refused.reason, 'responses_transaction_key')).toBe(true);
    // The same guid twice: the first is stored, the second finds the row (null: answer by replay).
    expect(outcomes[3]).toMatchObject({ status: 'fulfilled', value: { id: expect.any(Number) } });
    expect(outcomes[4]).toEqual({ status: 'fulfilled', value: null });
    const guids = [a, receiptA, same].map((c) => c.row.guid);
    const rows = await database.db
      .select({ id: responses.id })
      .from(responses)
      .where(inArray(responses.guid, guids));
    expect(rows).toHaveLength(3);
  });
});

function incentiveDraw(): NewResponse['draw'] {
  return { first: incentive as Voucher, fallback: null };
}
