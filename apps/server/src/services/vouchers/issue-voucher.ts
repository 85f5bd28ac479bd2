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
 * CTEs that give codes to the rows of `created (id, guid)` whose `input` row drew a voucher
 * (`input.first_voucher`, `input.fallback_voucher`), ending in `given (response_id, voucher_id, code)`.
 * Each pool is asked for as many unused codes as it has takers; the n-th taker (in response id order)
 * gets the n-th code, and takers a drawn pool cannot serve get a code of their fallback's pool.
 * `skip locked` lets concurrent statements take different codes instead of queueing on the same rows,
 * and the row lock plus `state = 1` means a code never goes to two responses. `state = 1` is written
 * literally so the planner uses the partial index voucher_codes_unused_idx, which hands out codes in
 * id order by reading its first entries, however much of the pool is used.
 */
export function giveCodesCtes(now: Date): SQL {
  const take = (pools: string) => sql`select p.survey_id, p.voucher_id, l.id as code_id,
        row_number() over (partition by p.survey_id, p.voucher_id order by l.id) as n
      from ${sql.raw(pools)} p cross join lateral (
        select id from voucher_codes v
        where v.survey_id = p.survey_id and v.voucher_id = p.voucher_id and v.state = 1
        order by id
        limit p.k
        for update skip locked
      ) l`;
  return sql`wanted as (
      select c.id, i.survey_id, i.first_voucher, i.fallback_voucher,
        row_number() over (partition by i.survey_id, i.first_voucher order by c.id) as n
      from created c join input i on i.guid = c.guid
      where i.first_voucher is not null
    ),
    pools as (select survey_id, first_voucher as voucher_id, count(*) as k from wanted group by 1, 2),
    firsts as (${take('pools')}),
    short as (
      select w.id, w.survey_id, w.fallback_voucher,
        row_number() over (partition by w.survey_id, w.fallback_voucher order by w.id) as n
      from wanted w
      left join firsts f on f.survey_id = w.survey_id and f.voucher_id = w.first_voucher and f.n = w.n
      where f.code_id is null and w.fallback_voucher is not null
    ),
    fallback_pools as (
      select survey_id, fallback_voucher as voucher_id, count(*) as k from short group by 1, 2
    ),
    seconds as (${take('fallback_pools')}),
    assigned as (
      select w.id as response_id, f.code_id from wanted w
      join firsts f on f.survey_id = w.survey_id and f.voucher_id = w.first_voucher and f.n = w.n
      union all
      select s.id, f.code_id from short s
      join seconds f on f.survey_id = s.survey_id and f.voucher_id = s.fallback_voucher and f.n = s.n
    ),
    given as (
      update voucher_codes v
      set response_id = a.response_id, state = ${VoucherCodeState.USED}, issued_at = ${now.toISOString()}
      from assigned a
      where v.id = a.code_id
      returning v.response_id, v.voucher_id, v.code
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
