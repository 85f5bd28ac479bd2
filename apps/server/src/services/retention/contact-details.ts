import { CONTACT_DATA_RETENTION_DAYS } from '@venue-voice/domain';
import { lte } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { contactDetails } from '../../db/schema';

const DAY_MS = 86_400_000;

/** The moment before which (inclusive) contact details are past their retention at `now`. */
export const contactDetailsCutoff = (now: Date): Date =>
  new Date(now.getTime() - CONTACT_DATA_RETENTION_DAYS * DAY_MS);

/**
 * Deletes the contact details given CONTACT_DATA_RETENTION_DAYS (7) days or more before `now`.
 * Only contact_details rows go: the answers they came with stay. `now` is a parameter (never the
 * wall clock) so the scheduler's clock, and tests, decide what "7 days ago" is.
 */
export async function purgeContactDetails(db: Db, now: Date): Promise<{ deleted: number }> {
  if (Number.isNaN(now.getTime())) throw new RangeError('purgeContactDetails: now is not a valid date');
  const deleted = await db
    .delete(contactDetails)
    .where(lte(contactDetails.givenAt, contactDetailsCutoff(now)))
    .returning({ id: contactDetails.id });
  return { deleted: deleted.length };
}
