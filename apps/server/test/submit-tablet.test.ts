import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, voucherCodes } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { create, createPayload, supplement } from './submit-fixtures';

const batchUrl = '/api/v1/survey/submit/batch';
/** Transaction ids of the demo receipts (seed): 123457 is transaction 3, 123458 transaction 4. */
const RECEIPT = { pin: '123457', transactionId: 3 };

/**
 * Issue 26 item 16 (decision 0182): a tablet's survey kept offline gets no voucher its guest never saw
 * (D4.64), and the receipt PIN typed offline is looked up when the survey arrives (D3.11).
 */
describe.each(databases())('a tablet’s creates: vouchers and offline receipts on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    device = { ...(await insertDevice(h.database, { branchId: 1 })), 'x-template-id': '1' };
  });
  afterAll(async () => {
    await h?.close();
  });

  const stored = async (id: number) =>
    (await h.database.db.select().from(responses).where(eq(responses.id, id)))[0];
  const codesOf = async (id: number) =>
    h.database.db.select().from(voucherCodes).where(eq(voucherCodes.responseId, id));
  const batch = (items: unknown[]) =>
    call(h.app, { method: 'POST', url: batchUrl, headers: device, payload: { items } });

  it('D4.64 survey.submit from a tablet: a voucher only when the request says its guest waits', async () => {
    const waiting = await create(h.app, createPayload(), { ...device, 'x-voucher-offer': '1' });
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.voucher).toMatchObject({ code: expect.any(String) });
    expect(await codesOf(waiting.body.data.id)).toHaveLength(1);

    const later = await create(h.app, createPayload(), device);
    expect(later.status).toBe(200);
    expect(later.body.data.voucher).toBeNull();
    expect(await codesOf(later.body.data.id)).toEqual([]);
  });

  it('D4.64 a web guest always waits for the answer: the voucher as before', async () => {
    const r = await create(h.app, createPayload());
    expect(r.body.data.voucher).toMatchObject({ code: expect.any(String) });
  });

  it('D4.64 survey.submit.batch: a voucher only for an item that offers one; a repeat answers the same', async () => {
    const [kept, waited] = [createPayload(), createPayload()];
    const items = [
      { type: 'create', templateId: 1, payload: kept },
      { type: 'create', templateId: 1, payload: waited, offerVoucher: true },
    ];
    const r = await batch(items);
    const [first, second] = r.body.data.results;
    expect(first.data.voucher).toBeNull();
    expect(second.data.voucher).toMatchObject({ code: expect.any(String) });
    expect(await codesOf(first.data.id)).toEqual([]);
    // The lost answer's resend, now without the offer: the response keeps what it was given, no more.
    const again = await batch(items.map(({ offerVoucher: _, ...item }) => item));
    expect(again.body.data.results.map((result: { data: unknown }) => result.data)).toEqual([
      first.data,
      second.data,
    ]);
  });

  it('D4.65 a voucher whose answer came after the guest was told none is withdrawn, kept on record', async () => {
    const payload = createPayload();
    const late = await create(h.app, payload, { ...device, 'x-voucher-offer': '1' });
    const [given] = await codesOf(late.body.data.id);
    expect(given).toMatchObject({ state: 2 });

    const r = await supplement(h.app, late.body.data, { voucherUnseen: true }, device);
    expect(r.status).toBe(200);
    // Deleted, still naming the response: never handed to a second guest, never forgotten.
    expect(await codesOf(late.body.data.id)).toEqual([{ ...given, state: 4 }]);
    // The create sent again (its answer lost) no longer answers the withdrawn code.
    const again = await create(h.app, payload, device);
    expect(again.body.data).toMatchObject({ id: late.body.data.id, voucher: null });
    // Sent twice (the queue retries): the same, no error.
    expect((await supplement(h.app, late.body.data, { voucherUnseen: true }, device)).status).toBe(200);
  });

  it('D4.65 in a batch the withdrawal follows its create; a web response cannot withdraw its voucher', async () => {
    const payload = createPayload();
    const r = await batch([
      { type: 'create', templateId: 1, payload, offerVoucher: true },
      { type: 'supplement', guid: payload.guid, payload: { voucherUnseen: true } },
    ]);
    const [created, withdrawn] = r.body.data.results;
    expect(withdrawn.status).toBe(200);
    expect(await codesOf(created.data.id)).toEqual([expect.objectContaining({ state: 4 })]);

    const guest = await create(h.app, createPayload());
    const refused = await supplement(h.app, guest.body.data, { voucherUnseen: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(10009);
    expect(await codesOf(guest.body.data.id)).toEqual([expect.objectContaining({ state: 2 })]);
    // Only `true` means anything: false is a bad value, not a quiet no-op.
    expect((await supplement(h.app, guest.body.data, { voucherUnseen: false })).status).toBe(400);
  });

  it('D3.18 a batch create thanking a member is checked inside the batch transaction (PGlite has one connection)', async () => {
    const payload = createPayload({ staffId: 2, staff: { renderType: 1, staffId: 2, subQuestions: [] } });
    const r = await batch([{ type: 'create', templateId: 1, payload }]);
    expect(r.body.data.results[0].status).toBe(200);
    expect((await stored(r.body.data.results[0].data.id))?.staffId).toBe(2);
  }, 20_000);

  it('D3.11 a receipt PIN typed offline is looked up on upload and links the receipt', async () => {
    const r = await batch([
      { type: 'create', templateId: 1, payload: createPayload({ receiptPin: RECEIPT.pin }) },
    ]);
    const [result] = r.body.data.results;
    expect(result.status).toBe(200);
    expect(await stored(result.data.id)).toMatchObject({ transactionId: RECEIPT.transactionId, branchId: 1 });
    expect((await stored(result.data.id))?.payload).toMatchObject({ pinCode: '', receiptPin: RECEIPT.pin });
  });

  it('D3.11 a receipt already used, or a PIN that finds none, keeps the survey without a receipt, never refused', async () => {
    const taken = await create(h.app, createPayload({ receiptPin: RECEIPT.pin }), device);
    expect(taken.status).toBe(200);
    expect((await stored(taken.body.data.id))?.transactionId).toBeNull();
    for (const receiptPin of ['999999', '000000', '12', 'abcdef']) {
      const r = await create(h.app, createPayload({ receiptPin }), device);
      expect(r.status, receiptPin).toBe(200);
      expect((await stored(r.body.data.id))?.transactionId, receiptPin).toBeNull();
    }
  });

  it('D3.11 two surveys with the same offline receipt at once: one gets it, the other is kept without', async () => {
    const payloads = [createPayload({ receiptPin: '123460' }), createPayload({ receiptPin: '123460' })];
    const first = await Promise.all(payloads.map((payload) => create(h.app, payload, device)));
    // One may be asked to send again (503, retried by the tablet's queue); none is refused.
    expect(first.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    const answers = await Promise.all(
      payloads.map(async (payload, index) =>
        first[index]?.status === 200 ? first[index] : await create(h.app, payload, device),
      ),
    );
    expect(answers.map((r) => r?.status)).toEqual([200, 200]);
    const linked = await Promise.all(
      answers.map(async (r) => (await stored(r?.body.data.id))?.transactionId),
    );
    expect(linked.filter((id) => id !== null)).toHaveLength(1);
  });

  it('D3.11 only a tablet’s receipt PIN is looked up, and never instead of a receipt already looked up', async () => {
    const fromWeb = await create(
      h.app,
      createPayload({ receiptPin: '123458' }),
      web('demo-bistro', { 'x-branch': '1' }),
    );
    expect((await stored(fromWeb.body.data.id))?.transactionId).toBeNull();
    const lookedUp = await create(h.app, createPayload({ pinCode: '5', receiptPin: '123458' }), device);
    expect((await stored(lookedUp.body.data.id))?.transactionId).toBe(5);
    // Demo Café has no EPOS: a receipt means nothing there (survey.transaction's 10024).
    const cafe = await create(
      h.app,
      createPayload({
        receiptPin: '123459',
        questionMap: [],
        answers: { questions: [], indicators: [], csatScore: null, npsScore: null },
      }),
      {
        ...device,
        'x-template-id': '2',
      },
    );
    expect(cafe.status).toBe(200);
    expect((await stored(cafe.body.data.id))?.transactionId).toBeNull();
  });
});
