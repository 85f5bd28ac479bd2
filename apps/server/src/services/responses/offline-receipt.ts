import { PinType } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { responses } from '../../db/schema';
import { findPin } from '../../queries/transactions';
import { keyFormatError } from '../transaction-lookup';

/** What the lookup of a receipt PIN typed offline needs to know of the create. */
export interface OfflineReceiptInput {
  /** The create came from a registered device (app mode): only a tablet keeps surveys offline. */
  fromDevice: boolean;
  /** The survey is linked to the EPOS (a receipt means nothing otherwise, as survey.transaction's 10024). */
  eposEnabled: boolean;
  branchId: number | null;
  /** The transaction ref looked up online; when there is one, the PIN typed offline is not needed. */
  pinCode: string;
  receiptPin: string | undefined;
}

/**
 * D3.11 (issue 26 item 16, decision 0182): the receipt of a PIN a guest typed on a tablet that was
 * offline, looked up when the survey arrives. A PIN that finds no transaction, or a receipt another
 * response already has, links nothing: the feedback is kept either way and never refused for it (the
 * guest cannot be asked again). Null: no receipt to link.
 */
export async function offlineReceipt(db: Db, input: OfflineReceiptInput): Promise<number | null> {
  const pin = input.receiptPin?.trim() ?? '';
  if (!input.fromDevice || !input.eposEnabled || input.branchId === null) return null;
  if (pin === '' || input.pinCode.trim() !== '') return null;
  if (keyFormatError({ kind: 'pin', pinType: PinType.PIN, value: pin }) !== null) return null;
  const found = await findPin(db, input.branchId, PinType.PIN, pin);
  const transactionId = found?.transaction?.id ?? null;
  if (transactionId === null) return null;
  const used = await db
    .select({ id: responses.id })
    .from(responses)
    .where(eq(responses.transactionId, transactionId))
    .limit(1);
  return used.length > 0 ? null : transactionId;
}
