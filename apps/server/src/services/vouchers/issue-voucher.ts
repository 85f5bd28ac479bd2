import {
  chooseVoucher,
  type IssuedVoucher,
  type Random,
  type Voucher,
  VoucherCodeState,
  VoucherType,
} from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/connection';
import { voucherCodes } from '../../db/schema';

// One voucher configured: the checkout shows it already scratched (G4.60); several: a card to scratch.
const scratchedFor = (vouchers: readonly Voucher[]) => vouchers.length === 1;

const issued = (voucher: Voucher, code: string, vouchers: readonly Voucher[]): IssuedVoucher => ({
  id: voucher.id,
  type: voucher.type,
  code,
  name: voucher.name,
  description: voucher.description,
  scratched: scratchedFor(vouchers),
});

/**
 * Takes one unused code of the voucher's pool for the response, or null when the pool is empty.
 * `skip locked` lets concurrent creates take different codes instead of queueing on the same row, and
 * the row lock plus `state = unused` means a code can never go to two responses. `state = 1` is
 * written literally so the planner matches the partial index voucher_codes_unused_idx, which hands
 * out codes in id order by reading its first entry, however much of the pool is used.
 */
async function takeCode(tx: Db, surveyId: number, voucherId: number, responseId: number, now: Date) {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`update voucher_codes
        set response_id = ${responseId}, state = ${VoucherCodeState.USED}, issued_at = ${now.toISOString()}
        where id = (
          select id from voucher_codes
          where survey_id = ${surveyId} and voucher_id = ${voucherId} and state = 1
          order by id
          limit 1
          for update skip locked
        )
        returning code`,
  );
  return rows[0]?.code ?? null;
}

/**
 * G4.60/G4.61 decided on the server: the domain's chooseVoucher draws the instant win (1/chance) with
 * the injected random source. An instant win whose pool is used up falls back to the incentive: the
 * guest cannot win what is not there, and the incentive was promised either way. No code left: null.
 */
export async function issueVoucher(
  tx: Db,
  input: { surveyId: number; vouchers: readonly Voucher[]; responseId: number; random: Random; now: Date },
): Promise<IssuedVoucher | null> {
  const chosen = chooseVoucher(input.vouchers, input.random);
  if (!chosen) return null;
  const take = (voucher: Voucher) => takeCode(tx, input.surveyId, voucher.id, input.responseId, input.now);
  const code = await take(chosen.voucher);
  if (code !== null) return issued(chosen.voucher, code, input.vouchers);
  const incentive = input.vouchers.find((v) => v.type === VoucherType.INCENTIVE);
  if (chosen.voucher.type !== VoucherType.INSTANT_WIN || !incentive) return null;
  const fallback = await take(incentive);
  return fallback === null ? null : issued(incentive, fallback, input.vouchers);
}

/** The voucher a response was given, for a retried create: the same code, never a second draw. */
export async function findIssuedVoucher(
  db: Db,
  responseId: number,
  vouchers: readonly Voucher[],
): Promise<IssuedVoucher | null> {
  const rows = await db
    .select({ voucherId: voucherCodes.voucherId, code: voucherCodes.code })
    .from(voucherCodes)
    .where(and(eq(voucherCodes.responseId, responseId), eq(voucherCodes.state, VoucherCodeState.USED)))
    .limit(1);
  const row = rows[0];
  const voucher = row && vouchers.find((v) => v.id === row.voucherId);
  return row && voucher ? issued(voucher, row.code, vouchers) : null;
}
