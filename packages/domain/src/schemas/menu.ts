import { z } from 'zod';
import { EposProductType } from '../enums';
import { enumValues, id } from './common';

export const eposProductType = enumValues(EposProductType);

export const majorGroupSchema = z.object({
  id,
  ref: z.string(),
  name: z.string(),
  /** True for the synthetic 'misc' group of products with a family group and no major group (D3). */
  isMisc: z.boolean().default(false),
});
export type MajorGroup = z.infer<typeof majorGroupSchema>;

export const familyGroupSchema = z.object({
  id,
  ref: z.string(),
  name: z.string(),
  weight: z.number().int(),
});
export type FamilyGroup = z.infer<typeof familyGroupSchema>;

export const productSchema = z.object({
  id,
  ref: z.string(),
  name: z.string(),
  type: eposProductType,
  majorGroupId: id.nullable(),
  familyGroupId: id.nullable(),
  major_group_ref: z.string().nullable(),
  major_group_name: z.string().nullable(),
  family_group_ref: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** An item of an EPOS transaction (G3). */
export const eposItemSchema = z.object({
  menuItemObjectNumber: z.string(),
  menuItemName: z.string(),
  type: eposProductType,
  majorGroupId: id.nullable(),
  majorGroupName: z.string().nullable(),
  familyGroupId: id.nullable(),
  familyGroupName: z.string().nullable(),
  /**
   * The line's price as the till printed it (digital receipt, G2); null or absent when the EPOS sent none.
   * Negative for a refund line, as the till may send one (O12.x): the answer that carries it must not fail.
   */
  price: z.number().nullable().optional(),
});
export type EposItem = z.infer<typeof eposItemSchema>;

/** What a device keeps after downloading the menu (D3). */
export const downloadedProductsSchema = z.object({
  allProducts: z.array(productSchema),
  majorGroups: z.array(majorGroupSchema),
  familyGroups: z.array(familyGroupSchema),
});
export type DownloadedProducts = z.infer<typeof downloadedProductsSchema>;
