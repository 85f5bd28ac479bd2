import { type Random, seededRandom, VoucherCodeState, VoucherType } from '@venue-voice/domain';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { surveys, voucherCodes } from '../src/db/schema';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { DEMO_VOUCHER_POOL, demoVoucherCode } from '../src/db/seed/demo-vouchers';
import { databases } from './databases';
import type { Harness } from './harness';
import { web } from './harness';
import { cafePayload, create, createPayload, startSubmitHarness } from './submit-fixtures';

const LOSE = 0.99; // above 1/10: demo-bistro's instant win (chance 10) is lost, the incentive given
const WIN = 0; // below 1/10: the instant win

describe.each(databases())('vouchers on $name', (target) => {
  let h: Harness;
  // The app's random source; each test sets what it draws.
  let draw: Random = () => LOSE;
  beforeAll(async () => {
    h = await startSubmitHarness(target, () => draw());
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    // Give every test the full pools back.
    await h.database.db
      .update(voucherCodes)
      .set({ state: VoucherCodeState.UNUSED, responseId: null, issuedAt: null });
    draw = () => LOSE;
  });

  const db = () => h.database.db;
  /** Leaves only the first n codes of a demo-bistro voucher unused; the rest are deleted. */
  const keepOnly = async (voucherId: number, n: number) => {
    const pool = and(eq(voucherCodes.surveyId, 1), eq(voucherCodes.voucherId, voucherId));
    await db().update(voucherCodes).set({ state: VoucherCodeState.DELETED }).where(pool);
    const kept = await db()
      .select({ id: voucherCodes.id })
      .from(voucherCodes)
      .where(pool)
      .orderBy(voucherCodes.id)
      .limit(n);
    if (kept.length > 0) {
      const ids = kept.map((k) => k.id);
      await db()
        .update(voucherCodes)
        .set({ state: VoucherCodeState.UNUSED })
        .where(inArray(voucherCodes.id, ids));
    }
  };

  it('the demo seed: 200 deterministic unused codes for each of demo-bistro’s two vouchers', async () => {
    const rows = await db()
      .select({ voucherId: voucherCodes.voucherId, n: count() })
      .from(voucherCodes)
      .where(eq(voucherCodes.state, VoucherCodeState.UNUSED))
      .groupBy(voucherCodes.voucherId)
      .orderBy(voucherCodes.voucherId);
    expect(rows).toEqual([
      { voucherId: 1, n: DEMO_VOUCHER_POOL },
      { voucherId: 2, n: DEMO_VOUCHER_POOL },
    ]);
    expect(demoVoucherCode('demo-bistro', 1, 1)).toBe(demoVoucherCode('demo-bistro', 1, 1));
    expect(demoVoucherCode('demo-bistro', 1, 1)).toMatch(
      /^BIS1-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
  });

  it('a lost draw gives the incentive voucher with a code, unscratched (two vouchers configured)', async () => {
    const r = await create(h.app, createPayload());
    expect(r.body.data.voucher).toMatchObject({
      id: 1,
      type: VoucherType.INCENTIVE,
      name: '10% off your next visit',
      scratched: false,
    });
    const [code] = await db().select().from(voucherCodes).where(eq(voucherCodes.responseId, r.body.data.id));
    expect(code).toMatchObject({
      code: r.body.data.voucher.code,
      state: VoucherCodeState.USED,
      voucherId: 1,
    });
    expect(code?.issuedAt).toBeInstanceOf(Date);
  });

  it('a won draw gives the instant-win voucher', async () => {
    draw = () => WIN;
    const r = await create(h.app, createPayload());
    expect(r.body.data.voucher).toMatchObject({
      id: 2,
      type: VoucherType.INSTANT_WIN,
      name: 'A free dessert',
    });
  });

  it('the server draws with the injected random: 1/chance, the same sequence for the same seed', async () => {
    const random = seededRandom(7);
    draw = random;
    const expected = seededRandom(7);
    const kinds: number[] = [];
    const predicted: number[] = [];
    for (let i = 0; i < 30; i++) {
      kinds.push((await create(h.app, createPayload())).body.data.voucher.id);
      predicted.push(expected() < 1 / 10 ? 2 : 1);
    }
    expect(kinds).toEqual(predicted);
  });

  it('a retried create answers the same voucher and code; no second code is taken', async () => {
    const payload = createPayload();
    const first = await create(h.app, payload);
    draw = () => WIN;
    const again = await create(h.app, payload);
    expect(again.body.data.voucher).toEqual(first.body.data.voucher);
    const taken = await db()
      .select({ n: count() })
      .from(voucherCodes)
      .where(isNotNull(voucherCodes.responseId));
    expect(taken[0]?.n).toBe(1);
  });

  it('50 concurrent creates, a pool of 10: 10 distinct codes to 10 responses, 40 without a voucher', async () => {
    await keepOnly(1, 10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(h.app, createPayload())));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const codes = answers.map((a) => a.body.data.voucher?.code).filter((c): c is string => c !== undefined);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(answers.filter((a) => a.body.data.voucher === null)).toHaveLength(40);
    const used = await db()
      .select({ code: voucherCodes.code, responseId: voucherCodes.responseId, state: voucherCodes.state })
      .from(voucherCodes)
      .where(isNotNull(voucherCodes.responseId));
    expect(used).toHaveLength(10);
    expect(new Set(used.map((u) => u.responseId)).size).toBe(10);
    expect(used.every((u) => u.state === VoucherCodeState.USED)).toBe(true);
  });

  it('deleted codes are never given; an empty pool gives no voucher and no error', async () => {
    await keepOnly(1, 0);
    const r = await create(h.app, createPayload());
    expect(r.status).toBe(200);
    expect(r.body.data.voucher).toBeNull();
  });

  it('an instant win whose pool is used up falls back to the incentive', async () => {
    await keepOnly(2, 0);
    draw = () => WIN;
    const r = await create(h.app, createPayload());
    expect(r.body.data.voucher).toMatchObject({ id: 1, type: VoucherType.INCENTIVE });
  });

  it('a survey without vouchers answers voucher null and touches no pool', async () => {
    const r = await create(h.app, cafePayload(), web('demo-cafe'));
    expect(r.status).toBe(200);
    expect(r.body.data.voucher).toBeNull();
    const taken = await db()
      .select({ n: count() })
      .from(voucherCodes)
      .where(isNotNull(voucherCodes.responseId));
    expect(taken[0]?.n).toBe(0);
  });

  it('one voucher configured: given already scratched', async () => {
    const bistro = DEMO_SURVEYS[0];
    if (!bistro) throw new Error('demo-bistro missing');
    const single = { ...bistro.definition, vouchers: bistro.definition.vouchers.slice(0, 1) };
    await db().update(surveys).set({ definition: single }).where(eq(surveys.id, 1));
    try {
      const r = await create(h.app, createPayload());
      expect(r.body.data.voucher).toMatchObject({ id: 1, scratched: true });
    } finally {
      await db().update(surveys).set({ definition: bistro.definition }).where(eq(surveys.id, 1));
    }
  });
});
