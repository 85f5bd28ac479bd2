import { type EposItem, type EposProductType, localDateTimeAt, type Transaction } from '@venue-voice/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { familyGroups, majorGroups, pins, products, responses, transactions } from '../db/schema';

export type TransactionRow = typeof transactions.$inferSelect;

/** A stored EPOS line; group details are joined from the menu when the answer is built. */
export interface StoredMenuItem {
  menuItemObjectNumber: string;
  menuItemName: string;
  type: EposProductType;
  /** The line's price as the till printed it, when it sent one (digital receipt). */
  price?: number | null;
}

/** A PIN known to the EPOS, with its transaction when the EPOS sent one. */
export async function findPin(db: Db, branchId: number, pinType: string, pinCode: string) {
  const rows = await db
    .select({ pinId: pins.id, transaction: transactions })
    .from(pins)
    .leftJoin(transactions, eq(transactions.id, pins.transactionId))
    .where(and(eq(pins.branchId, branchId), eq(pins.pinType, pinType), eq(pins.pinCode, pinCode)))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a response already rates this transaction: a receipt backs one response (10031). */
export async function transactionUsed(db: Db, transactionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: responses.id })
    .from(responses)
    .where(eq(responses.transactionId, transactionId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The statement of `findOpenTableCheck`; its plan reads the first entry of
 * `transactions_branch_table_open_idx` (decision 0265, test `transactions-plan.test.ts`).
 */
export function openTableCheckQuery(db: Db, branchId: number, tableId: string, checkId: string | undefined) {
  const conditions = [
    eq(transactions.branchId, branchId),
    eq(transactions.tableId, tableId),
    eq(transactions.open, true),
  ];
  if (checkId !== undefined) conditions.push(eq(transactions.checkId, checkId));
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.checkOpenTime), desc(transactions.id))
    .limit(1);
}

/** The newest open check on a table (optionally a given check id). */
export async function findOpenTableCheck(
  db: Db,
  branchId: number,
  tableId: string,
  checkId: string | undefined,
): Promise<TransactionRow | null> {
  const rows = await openTableCheckQuery(db, branchId, tableId, checkId);
  return rows[0] ?? null;
}

/** The transaction's lines with the major and family groups of the products they name (by ref). */
export async function enrichMenuItems(
  db: Db,
  companyId: number,
  items: StoredMenuItem[],
): Promise<EposItem[]> {
  const refs = [...new Set(items.map((i) => i.menuItemObjectNumber))];
  const known =
    refs.length === 0
      ? []
      : await db
          .select({
            ref: products.ref,
            majorGroupId: majorGroups.id,
            majorGroupName: majorGroups.name,
            familyGroupId: familyGroups.id,
            familyGroupName: familyGroups.name,
          })
          .from(products)
          .leftJoin(majorGroups, eq(majorGroups.id, products.majorGroupId))
          .leftJoin(familyGroups, eq(familyGroups.id, products.familyGroupId))
          .where(and(eq(products.companyId, companyId), inArray(products.ref, refs)));
  const byRef = new Map(known.map((k) => [k.ref, k]));
  return items.map((item) => {
    const product = byRef.get(item.menuItemObjectNumber);
    return {
      menuItemObjectNumber: item.menuItemObjectNumber,
      menuItemName: item.menuItemName,
      type: item.type,
      majorGroupId: product?.majorGroupId ?? null,
      majorGroupName: product?.majorGroupName ?? null,
      familyGroupId: product?.familyGroupId ?? null,
      familyGroupName: product?.familyGroupName ?? null,
      price: typeof item.price === 'number' ? item.price : null,
    };
  });
}

/**
 * A stored check as the guest's lookup answers it (G3 eposData): the check's figures and its lines
 * already joined to the menu (`enrichMenuItems`). The console's till-checks read answers the same, so the
 * preview's engine sees what a guest with that receipt gets (decision 0260). G4.90: its open time is on
 * the branch's wall clock (`timeZone`, IANA), as the visit times stored from it are (decision 0265).
 */
export function transactionAnswer(
  transaction: TransactionRow,
  menuItems: EposItem[],
  timeZone: string,
): Transaction {
  const checkOpenTime = localDateTimeAt(transaction.checkOpenTime, timeZone);
  return {
    check: {
      covers: transaction.covers,
      subtotal: transaction.subtotal,
      avgSpentPerHead: transaction.avgSpentPerHead,
      checkOpenTime,
      discount: transaction.discount,
      serviceCharge: transaction.serviceCharge,
      server: transaction.serverName,
      tableNumber: transaction.tableId,
    },
    checkOpenTime,
    menuItems,
  };
}

/**
 * Several checks' answers with one menu read for all their lines (a page of the console's list), each
 * dated in its branch's zone.
 */
export async function transactionAnswers(
  db: Db,
  companyId: number,
  checks: readonly { row: TransactionRow; timeZone: string }[],
): Promise<Transaction[]> {
  const lines = checks.map(({ row }) => row.menuItems as StoredMenuItem[]);
  const enriched = await enrichMenuItems(db, companyId, lines.flat());
  let at = 0;
  return checks.map(({ row, timeZone }, index) => {
    const count = lines[index]?.length ?? 0;
    const items = enriched.slice(at, at + count);
    at += count;
    return transactionAnswer(row, items, timeZone);
  });
}
