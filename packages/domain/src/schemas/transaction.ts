import { z } from 'zod';
import { PveSource } from '../enums';
import { PinResult } from '../messages';
import { branchSchema } from './branch';
import { enumValues, localDateTime } from './common';
import { eposItemSchema } from './menu';

export const checkSchema = z.object({
  covers: z.number().int().nonnegative(),
  subtotal: z.number().nonnegative(),
  avgSpentPerHead: z.number().nonnegative(),
  checkOpenTime: localDateTime,
  // What the till printed besides the lines, for the digital receipt (G2 labels); null or absent when
  // the EPOS sent none, so older answers and stored payloads still read (decision 0175).
  discount: z.number().nonnegative().nullable().optional(),
  serviceCharge: z.number().nonnegative().nullable().optional(),
  /** The server's name as the till printed it. */
  server: z.string().max(100).nullable().optional(),
  tableNumber: z.string().max(64).nullable().optional(),
});
export type TransactionCheck = z.infer<typeof checkSchema>;

export const transactionSchema = z.object({
  check: checkSchema,
  checkOpenTime: localDateTime,
  menuItems: z.array(eposItemSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The `pin` part of survey.transaction: a lookup that finds nothing is data, not an error (api.md). */
export const pinResultSchema = z.object({
  pinCode: z.string(),
  validData: z.boolean(),
  dateTime: localDateTime.nullable(),
  sourceType: enumValues(PveSource).nullable(),
  error: z.enum(PinResult).nullable(),
});
export type PinLookup = z.infer<typeof pinResultSchema>;

export const transactionResponseSchema = z.object({
  pin: pinResultSchema,
  transaction: transactionSchema.nullable(),
  branch: branchSchema.nullable(),
  transactionRef: z.string().nullable(),
});
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;
