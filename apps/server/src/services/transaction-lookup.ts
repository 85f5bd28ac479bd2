import {
  AppError,
  type Branch,
  ErrorCodes,
  isTableNumberTooLong,
  type PinResult,
  PinType,
  type PveSource,
  type TransactionResponse,
  validateTableNumber,
} from '@venue-voice/domain';
import type { Db } from '../db/connection';
import {
  enrichMenuItems,
  findOpenTableCheck,
  findPin,
  type StoredMenuItem,
  type TransactionRow,
  transactionAnswer,
  transactionUsed,
} from '../queries/transactions';

/** Receipt PINs printed by the EPOS are 6 digits (api.md demo data: other lengths are INVALID-PIN-LENGTH). */
export const RECEIPT_PIN_LENGTH = 6;
/** PVE references (loyalty, Wi-Fi queue ids) are opaque tokens. */
const PVE_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

export type LookupKey =
  | { kind: 'pin'; pinType: PinType; value: string }
  | { kind: 'table'; value: string; checkId?: string };

export interface LookupInput {
  companyId: number;
  /** The branch, already checked to be reachable by the caller; null when it is not (NO-BRANCH). */
  branch: Branch | null;
  /** The branch's IANA zone: the check's open time is answered on its wall clock (G4.90). */
  timeZone: string;
  key: LookupKey;
  /** The visit's date-time when the caller gave one (`now` already resolved on the branch's clock, G4.89). */
  dateTime: string | null;
}

/** A lookup that finds nothing is data, not an error (api.md). */
const notFound = (input: LookupInput, error: PinResult, branch: Branch | null): TransactionResponse => ({
  pin: { pinCode: input.key.value, validData: false, dateTime: input.dateTime, sourceType: null, error },
  transaction: null,
  branch,
  transactionRef: null,
});

/** Checks a key's shape before any database read; null when it may be looked up. */
export function keyFormatError(key: LookupKey): PinResult | null {
  if (key.kind === 'table') {
    if (validateTableNumber(key.value) !== null) return 'INVALID-PIN';
    return isTableNumberTooLong(key.value) ? 'INVALID-PIN-LENGTH' : null;
  }
  if (key.pinType === PinType.PVE) return PVE_REFERENCE.test(key.value) ? null : 'INVALID-PIN';
  if ([...key.value].length !== RECEIPT_PIN_LENGTH) return 'INVALID-PIN-LENGTH';
  return /^\d+$/.test(key.value) ? null : 'INVALID-PIN';
}

/**
 * A transaction that already backs a response cannot back the guest's (survey.submit would answer 409
 * 10031 after the whole survey), so the lookup says so at once (decision 0174).
 */
const alreadyUsed = (key: LookupKey) =>
  new AppError(ErrorCodes.TRANSACTION_PIN_ALREADY_USED, {
    ui: true,
    detail: {
      fields: [
        {
          field: key.kind === 'pin' ? 'pin' : 'tableId',
          in: 'querystring',
          message: 'Already used for feedback',
        },
      ],
    },
  });

/**
 * Finds the transaction of a receipt PIN, PVE reference or table number (G3 eposData, G8 results);
 * throws 10031 when a response already rates it.
 */
export async function lookupTransaction(db: Db, input: LookupInput): Promise<TransactionResponse> {
  const formatError = keyFormatError(input.key);
  if (formatError) return notFound(input, formatError, input.branch);
  const { branch, key } = input;
  if (!branch) return notFound(input, 'NO-BRANCH', null);
  // A branch with no EPOS location has no account to look anything up in.
  if (branch.locationId === null) return notFound(input, 'NO-ACCOUNT', branch);

  let transaction: TransactionRow | null;
  if (key.kind === 'table') {
    transaction = await findOpenTableCheck(db, branch.id, String(Number(key.value.trim())), key.checkId);
    if (!transaction) return notFound(input, 'NO-TRANSACTION-DATA', branch);
  } else {
    const pin = await findPin(db, branch.id, key.pinType, key.value);
    if (!pin) return notFound(input, 'INVALID-PIN', branch);
    transaction = pin.transaction;
    if (!transaction) return notFound(input, 'NO-TRANSACTION-DATA', branch);
  }

  if (await transactionUsed(db, transaction.id)) throw alreadyUsed(key);

  const menuItems = await enrichMenuItems(db, input.companyId, transaction.menuItems as StoredMenuItem[]);
  const answer = transactionAnswer(transaction, menuItems, input.timeZone);
  return {
    pin: {
      pinCode: key.value,
      validData: true,
      dateTime: input.dateTime ?? answer.checkOpenTime,
      sourceType: transaction.sourceType as PveSource | null,
      error: null,
    },
    transaction: answer,
    branch,
    transactionRef: String(transaction.id),
  };
}
