import { type SQL, sql } from 'drizzle-orm';

// A list as one PostgreSQL array parameter (`= any(…)`): drizzle writes a JS array as a row of
// parameters, `($1, $2, …)`, which `any()` cannot take and which grows with the list.

/** Whole numbers (ids) as one `int[]` parameter. */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::int[]`;

/** UUIDs as one `uuid[]` parameter. */
export const uuidArray = (values: readonly string[]): SQL => sql`${`{${values.join(',')}}`}::uuid[]`;
