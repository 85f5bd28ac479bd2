/**
 * G2.44 What the digital receipt shows (G2 labels: description, price, discount, service charge, server,
 * table number, total), read from the EPOS transaction. A detail the till did not send is null, so the
 * receipt leaves its line out instead of showing an empty or invented one.
 */
import type { Transaction } from '../schemas/transaction';

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

const amount = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: string | null | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
/**
 * Whole pence: sums of prices in binary floating point are not (71.5 − 7.15 + 8.04). Adding 0 turns a
 * rounded −0 into 0, which would otherwise show as "-£0.00".
 */
const pence = (value: number) => Math.round(value * 100) / 100 + 0;

/**
 * G2.44 The receipt of a transaction: its lines with their prices, the check's discount, service charge
 * and server, its table (else the one the guest typed), and the total: the subtotal less the discount
 * plus the service charge, in whole pence.
 */
export function receiptOf(transaction: Transaction, typedTable: string | null): Receipt {
  const { check } = transaction;
  const discount = amount(check.discount);
  const serviceCharge = amount(check.serviceCharge);
  return {
    lines: transaction.menuItems.map((item) => ({
      description: item.menuItemName,
      price: amount(item.price),
    })),
    discount,
    serviceCharge,
    server: text(check.server),
    tableNumber: text(check.tableNumber) ?? text(typedTable),
    total: pence(check.subtotal - (discount ?? 0) + (serviceCharge ?? 0)),
  };
}
