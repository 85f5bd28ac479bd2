/**
 * What the digital receipt shows (G2 labels: description, price, discount, service charge, server, table
 * number, total). The EPOS transaction of the domain schema carries item names and the check's subtotal;
 * price, discount, service charge and server are read when an EPOS sends them and left out when not,
 * so the receipt never shows an empty or invented line.
 */
import type { Transaction } from '@venue-voice/domain';

export interface ReceiptLine {
  description: string;
  price: number | null;
}

export interface Receipt {
  lines: ReceiptLine[];
  discount: number | null;
  serviceCharge: number | null;
  server: string | null;
  tableNumber: string | null;
  total: number;
}

/** Optional receipt details an EPOS may add to an item or the check. */
type Extras = { price?: unknown; discount?: unknown; serviceCharge?: unknown; server?: unknown };

const money = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function receiptOf(transaction: Transaction, tableNumber: string | null): Receipt {
  const check = transaction.check as Transaction['check'] & Extras;
  return {
    lines: transaction.menuItems.map((item) => ({
      description: item.menuItemName,
      price: money((item as typeof item & Extras).price),
    })),
    discount: money(check.discount),
    serviceCharge: money(check.serviceCharge),
    server: text(check.server),
    tableNumber: text(tableNumber),
    total: check.subtotal,
  };
}
