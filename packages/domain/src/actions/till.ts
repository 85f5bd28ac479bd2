import { z } from 'zod';
import { EposProductType } from '../enums';
import { enumValues } from '../schemas/common';
import { isTableNumberTooLong, validateTableNumber } from '../validation/guest-fields';

/**
 * The till's calls (issue 30 item 6, operator-side.md): a check (`POST /integrations/transactions`) and
 * the company's whole menu (`PUT /integrations/menu`, also the console's CSV import). Rules O12.x.
 */

/** A ref, check id or group id as the till names it: Simphony sends numbers, others text. */
export const TILL_REF_MAX = 64;
export const TILL_NAME_MAX = 200;
/** Lines on one check; a real check has tens. */
export const TILL_CHECK_MAX_ITEMS = 500;
/** A menu's products: 10,000 must replace in 2 s (issue 30); five times that is still one body. */
export const MENU_MAX_PRODUCTS = 50_000;
export const MENU_MAX_GROUPS = 5_000;
/** numeric(12,2) holds 10 digits before the point; a billion leaves room for rounding and sums. */
const MONEY_MAX = 999_999_999;

/** Text as PostgreSQL stores it: never a NUL character (text and jsonb refuse it). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'Must not hold a NUL character');

/**
 * An ISO 8601 date-time with a zone, of a year a till can mean (2000–2099), handed on as UTC ISO: a
 * day the calendar lacks (30 February) rolls over in JavaScript, never reaches the database as text.
 */
const checkTime = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 2100, {
    message: 'A date-time from 2000 to 2099',
  })
  .transform((d) => d.toISOString());
/** O12.8: a number the till sends as an id is kept as its decimal text; text is trimmed. */
const refLike = z.union([
  text(TILL_REF_MAX),
  z
    .number()
    .int()
    .nonnegative()
    .transform((n) => String(n)),
]);
const money = z.number().min(-MONEY_MAX).max(MONEY_MAX);
const amount = z.number().min(0).max(MONEY_MAX);
export const tillProductType = enumValues(EposProductType);

export const tillItemSchema = z
  .object({
    menuItemObjectNumber: refLike,
    menuItemName: text(TILL_NAME_MAX),
    type: tillProductType,
    majorGroupId: refLike.optional(),
    majorGroupName: text(TILL_NAME_MAX).optional(),
    familyGroupId: refLike.optional(),
    familyGroupName: text(TILL_NAME_MAX).optional(),
    /** The line's amount as printed (negative for a refund line). */
    price: money,
    quantity: z.number().int().min(1).max(9_999),
  })
  .strict();
export type TillItem = z.infer<typeof tillItemSchema>;

/** O12.2: a receipt PIN is the 6 digits the guest types (RECEIPT_PIN_LENGTH of the lookup). */
const receiptPin = z.string().regex(/^\d{6}$/, 'A receipt PIN is 6 digits');

/**
 * O12.3: a table number as the guest types it (G5.2, G5.26), stored as the guest's lookup reads it:
 * a whole number without leading zeros.
 */
const tableNumber = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .refine((v) => validateTableNumber(v) === null, 'A table number is a whole number')
  .refine((v) => !isTableNumberTooLong(v), 'A table number has at most 4 digits')
  .transform((v) => String(Number(v)));

export const tillCheckSchema = z
  .object({
    branchId: z.number().int().positive(),
    checkId: refLike,
    pin: receiptPin.optional(),
    tableId: tableNumber.optional(),
    openedAt: checkTime,
    covers: z.number().int().min(0).max(9_999),
    subtotal: amount,
    discount: amount.optional(),
    serviceCharge: amount.optional(),
    /** Accepted as the till prints it; the receipt shows subtotal, discount and service (O12.7). */
    total: amount.optional(),
    server: text(TILL_NAME_MAX).optional(),
    /** O12.3: open until the till says otherwise; only an open check is found by its table. */
    open: z.boolean().default(true),
    items: z.array(tillItemSchema).max(TILL_CHECK_MAX_ITEMS),
  })
  .strict();
export type TillCheck = z.infer<typeof tillCheckSchema>;
export type TillCheckInput = z.input<typeof tillCheckSchema>;

/** O12.7: the average spent per head the guest's receipt shows: subtotal over covers, 2 places. */
export const avgSpentPerHead = (subtotal: number, covers: number): number =>
  covers > 0 ? Math.round((subtotal / covers) * 100) / 100 : 0;

export const tillCheckAnswerSchema = z.object({
  id: z.number().int(),
  checkId: z.string(),
  created: z.boolean(),
});

const menuRef = text(TILL_REF_MAX);
export const menuMajorGroupSchema = z.object({ ref: menuRef, name: text(TILL_NAME_MAX) }).strict();
export const menuFamilyGroupSchema = z
  .object({ ref: menuRef, name: text(TILL_NAME_MAX), weight: z.number().int().min(0).max(10_000).default(0) })
  .strict();
export const menuProductSchema = z
  .object({
    ref: menuRef,
    name: text(TILL_NAME_MAX),
    type: tillProductType,
    majorGroupRef: menuRef.nullish(),
    familyGroupRef: menuRef.nullish(),
  })
  .strict();

/** One fault of a menu: where (as a path into the body) and what. */
export interface MenuProblem {
  path: (string | number)[];
  message: string;
}

/**
 * O12.4: refs are unique within each list, and a product's groups are among the body's groups; a
 * major group's ref does not start with `misc` (D3's synthetic groups are named so).
 */
export function menuProblems(menu: {
  majorGroups: { ref: string }[];
  familyGroups: { ref: string }[];
  products: { ref: string; majorGroupRef?: string | null; familyGroupRef?: string | null }[];
}): MenuProblem[] {
  const problems: MenuProblem[] = [];
  const unique = (list: 'majorGroups' | 'familyGroups' | 'products') => {
    const seen = new Map<string, number>();
    menu[list].forEach((item, index) => {
      const first = seen.get(item.ref);
      if (first === undefined) seen.set(item.ref, index);
      else
        problems.push({ path: [list, index, 'ref'], message: `Ref ${item.ref} is also ${list}[${first}]` });
    });
    return seen;
  };
  const majors = unique('majorGroups');
  const families = unique('familyGroups');
  unique('products');
  menu.majorGroups.forEach((group, index) => {
    if (/^misc/i.test(group.ref))
      problems.push({
        path: ['majorGroups', index, 'ref'],
        message: 'A major group ref may not start with misc',
      });
  });
  menu.products.forEach((product, index) => {
    if (product.majorGroupRef != null && !majors.has(product.majorGroupRef))
      problems.push({
        path: ['products', index, 'majorGroupRef'],
        message: `No major group ${product.majorGroupRef} in this menu`,
      });
    if (product.familyGroupRef != null && !families.has(product.familyGroupRef))
      problems.push({
        path: ['products', index, 'familyGroupRef'],
        message: `No family group ${product.familyGroupRef} in this menu`,
      });
  });
  return problems;
}

export const menuSchema = z
  .object({
    majorGroups: z.array(menuMajorGroupSchema).max(MENU_MAX_GROUPS),
    familyGroups: z.array(menuFamilyGroupSchema).max(MENU_MAX_GROUPS),
    products: z.array(menuProductSchema).max(MENU_MAX_PRODUCTS),
  })
  .strict()
  .superRefine((menu, ctx) => {
    for (const problem of menuProblems(menu))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type Menu = z.infer<typeof menuSchema>;
export type MenuInput = z.input<typeof menuSchema>;

export const menuReplacedSchema = z.object({
  majorGroups: z.number().int(),
  familyGroups: z.number().int(),
  products: z.number().int(),
  removed: z.number().int(),
});
export type MenuReplaced = z.infer<typeof menuReplacedSchema>;
