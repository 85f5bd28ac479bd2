import {
  chooseVoucher,
  type IssuedVoucher,
  type Random,
  type Voucher,
  VoucherCodeState,
  VoucherType,
} from '@venue-voice/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
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

/** The pools a create takes its code from: the drawn voucher's, then (if that one is empty) the fallback's. */
export interface VoucherDraw {
  first: Voucher;
  fallback: Voucher | null;
}

/**
 * G4.60/G4.61 decided on the server: the domain's chooseVoucher draws the instant win (1/chance) with
 * the injected random source. An instant win whose pool is used up falls back to the incentive: the
 * guest cannot win what is not there, and the incentive was promised either way. Null: no voucher.
 */
export function drawVoucher(vouchers: readonly Voucher[], random: Random): VoucherDraw | null {
  const chosen = chooseVoucher(vouchers, random);
  if (!chosen) return null;
  const incentive = vouchers.find((v) => v.type === VoucherType.INCENTIVE);
  const fallback = chosen.voucher.type === VoucherType.INSTANT_WIN && incentive ? incentive : null;
  return { first: chosen.voucher, fallback };
}

/**
 * CTEs that give one unused code to the response of the CTE `created` (nothing when `created` is
 * empty), ending in `given (voucher_id, code)`: the first unused code of the drawn pool, else of the
 * fallback's. `skip locked` lets concurrent creates take different codes instead of queueing on the
 * same row, and the row lock plus `state = 1` means a code never goes to two responses. `state = 1` is
 * written literally so the planner uses the partial index voucher_codes_unused_idx, which hands out
 * codes in id order by reading its first entry, however much of the pool is used. Being part of the
 * create's one statement, the code is taken atomically with the insert, without a transaction around.
 */
export function takeCodeCtes(surveyId: number, draw: VoucherDraw, now: Date): SQL {
  const pool = (name: string, voucherId: number, extra: SQL) => sql`${sql.raw(name)} as materialized (
      select id from voucher_codes
      where survey_id = ${surveyId} and voucher_id = ${voucherId} and state = 1
        and exists (select 1 from created)${extra}
      order by id
      limit 1
      for update skip locked
    )`;
  const fallback = draw.fallback
    ? sql`, ${pool('fallback', draw.fallback.id, sql` and not exists (select 1 from drawn)`)}`
    : sql``;
  const pick = draw.fallback
    ? sql`coalesce((select id from drawn), (select id from fallback))`
    : sql`(select id from drawn)`;
  return sql`${pool('drawn', draw.first.id, sql``)}${fallback},
    given as (
      update voucher_codes
      set response_id = (select id from created), state = ${VoucherCodeState.USED}, issued_at = ${now.toISOString()}
      where id = ${pick}
      returning voucher_id, code
    )`;
}

/** The voucher the statement gave (its row's voucher id and code), as the guest is shown it. */
export function issuedFrom(
  vouchers: readonly Voucher[],
  voucherId: number | null,
  code: string | null,
): IssuedVoucher | null {
  const voucher = vouchers.find((v) => v.id === voucherId);
  return voucher && code !== null ? issued(voucher, code, vouchers) : null;
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
