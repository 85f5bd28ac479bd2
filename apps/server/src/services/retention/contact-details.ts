import { CONTACT_DATA_RETENTION_DAYS, retentionDays } from '@venue-voice/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies, contactDetails, responses } from '../../db/schema';

const DAY_MS = 86_400_000;

/**
 * The moment before which (inclusive) contact details kept `days` days are past their retention at
 * `now`; the company's days (O3.13), 7 when not given.
 */
export const contactDetailsCutoff = (now: Date, days: number = CONTACT_DATA_RETENTION_DAYS): Date =>
  new Date(now.getTime() - retentionDays(days) * DAY_MS);

/** How many days a company keeps contact details (1–7, O3.13). */
export async function companyRetentionDays(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ days: companies.contactRetentionDays })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return retentionDays(row?.days);
}

/**
 * Deletes the contact details given their company's retention days (1–7, O3.13) or more before `now`.
 * Only contact_details rows go: the answers they came with stay. `now` is a parameter (never the wall
 * clock) so the scheduler's clock, and tests, decide what "7 days ago" is. Rows a day old or younger are
 * never looked at (the index on given_at), and none outlives 7 days whatever a company row says.
 */
export async function purgeContactDetails(db: Db, now: Date): Promise<{ deleted: number }> {
  if (Number.isNaN(now.getTime())) throw new RangeError('purgeContactDetails: now is not a valid date');
  // The company's days, read per row through its response; clamped to 1–7 again here (O3.13).
  const companyDays = sql`(
    select least(greatest(c.contact_retention_days, 1), ${CONTACT_DATA_RETENTION_DAYS})::int
    from ${responses} r join ${companies} c on c.id = r.company_id
    where r.id = ${contactDetails.responseId})`;
  const deleted = await db
    .delete(contactDetails)
    .where(
      and(
        lte(contactDetails.givenAt, contactDetailsCutoff(now, 1)),
        sql`${contactDetails.givenAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${companyDays})`,
      ),
    )
    .returning({ id: contactDetails.id });
  return { deleted: deleted.length };
}
