import { AppError, avgSpentPerHead, ErrorCodes, PinType, type TillCheck } from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/connection';
import { branches } from '../../db/schema';
import type { StoredMenuItem } from '../../queries/transactions';

/** What a stored check answers: its row id, the till's check id, and whether this call created it. */
export interface StoredCheck {
  id: number;
  checkId: string;
  created: boolean;
}

/** The branch as the console answers one the caller may not see: 404 10012 (no hint it exists). */
const unknownBranch = (branchId: number) =>
  new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
    detail: { fields: [{ field: 'branchId', in: 'body', message: `No branch ${branchId} in this company` }] },
  });

/**
 * O12.1: once a response rates the check (responses.transaction_id) the receipt is the guest's record of
 * what they rated: the till may no longer change it. 409 10031, as the guest's second use of a receipt.
 */
const alreadyRated = (checkId: string) =>
  new AppError(ErrorCodes.TRANSACTION_PIN_ALREADY_USED, {
    message: `Check ${checkId} already backs a guest's response and can no longer be changed`,
    detail: { fields: [{ field: 'checkId', in: 'body', message: 'Already used for feedback' }] },
  });

/** The lines as the guest lookup reads them (queries/transactions StoredMenuItem), with the till's extras. */
const storedLines = (check: TillCheck): StoredMenuItem[] => check.items.map((item) => ({ ...item }));

/**
 * Stores a till's check (issue 30 item 6) the way the demo seed stores its receipts, so the guest's
 * lookup by receipt PIN, check id or table finds it: a `transactions` row, and its PIN as a `pins` row
 * pointing at it. One statement (atomic on its own, one round trip at 1,000 checks a second): the upsert
 * by (branch, check id) makes the call idempotent (O12.1) and inserts nothing for a branch outside the
 * key's company; the update is skipped when a response already uses the row.
 */
export async function storeCheck(
  db: Db,
  companyId: number,
  check: TillCheck,
  now: Date,
): Promise<StoredCheck> {
  const pin = check.pin ?? null;
  const lines = JSON.stringify(storedLines(check));
  const [row] = await queryRows<{ id: number; created: boolean | string }>(
    db,
    sql`with stored as (
        insert into transactions (branch_id, check_id, pin_code, table_id, covers, subtotal,
          avg_spent_per_head, check_open_time, open, discount, service_charge, server_name, menu_items)
        select b.id, ${check.checkId}, ${pin}, ${check.tableId ?? null}, ${check.covers}, ${check.subtotal},
          ${avgSpentPerHead(check.subtotal, check.covers)}, ${check.openedAt}::timestamptz, ${check.open},
          ${check.discount ?? null}, ${check.serviceCharge ?? null}, ${check.server ?? null}, ${lines}::jsonb
        from branches b where b.id = ${check.branchId} and b.company_id = ${companyId}
        on conflict (branch_id, check_id) where check_id is not null do update set
          pin_code = excluded.pin_code, table_id = excluded.table_id, covers = excluded.covers,
          subtotal = excluded.subtotal, avg_spent_per_head = excluded.avg_spent_per_head,
          check_open_time = excluded.check_open_time, open = excluded.open, discount = excluded.discount,
          service_charge = excluded.service_charge, server_name = excluded.server_name,
          menu_items = excluded.menu_items, updated_at = ${now.toISOString()}::timestamptz
        where not exists (select 1 from responses r where r.transaction_id = transactions.id)
        -- xmax = 0 only for a row this statement inserted: an update carries the updating xid.
        returning id, (xmax = 0) as created
      ),
      -- O12.2: the receipt PIN names this check; a PIN the till prints again (tills recycle them) moves
      -- to the newer check.
      pinned as (
        insert into pins (branch_id, pin_type, pin_code, transaction_id)
        select ${check.branchId}, ${PinType.PIN}, ${pin}::text, stored.id from stored where ${pin}::text is not null
        on conflict (branch_id, pin_type, pin_code) do update set transaction_id = excluded.transaction_id
      ),
      -- A PIN no longer on the updated check stops naming it (never the row pinned above: another code).
      unpinned as (
        delete from pins p using stored
        where not stored.created and p.transaction_id = stored.id and p.pin_type = ${PinType.PIN}
          and p.pin_code is distinct from ${pin}::text
      )
      select id, created from stored`,
  );
  if (row)
    return { id: row.id, checkId: check.checkId, created: row.created === true || row.created === 't' };
  // Nothing stored: a branch the key's company does not have, or a check a response already uses.
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, check.branchId), eq(branches.companyId, companyId)));
  throw branch ? alreadyRated(check.checkId) : unknownBranch(check.branchId);
}
