import { z } from 'zod';
import { Language } from '../enums';

/** Builds a zod schema accepting exactly the values of an enumeration object. */
export const enumValues = <T extends Record<string, number>>(values: T) =>
  z.union(Object.values(values).map((value) => z.literal(value)) as never) as unknown as z.ZodType<
    T[keyof T]
  >;

export const id = z.number().int().nonnegative();
export const positiveId = z.number().int().positive();
export const language = z.enum(Language);
/** `YYYY-MM-DD` calendar date (no time zone). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD');
/** `YYYY-MM-DD HH:mm:ss` local date-time, the format of visitDatetime and startTime. */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Expected YYYY-MM-DD HH:mm:ss');
/** A CSS colour as the venue configured it (#rgb, #rrggbb or #rrggbbaa). */
export const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
/** An absolute http(s) URL or a root-relative path served by us. */
export const assetUrl = z.string().regex(/^(https?:\/\/|\/)[^\s"'<>]*$/, 'Expected a URL');
export const idText = z.object({ id, text: z.string() });
export type IdText = z.infer<typeof idText>;
