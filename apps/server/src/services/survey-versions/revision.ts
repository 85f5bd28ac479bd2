import { AppError, ErrorCodes } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { surveyDrafts } from '../../db/schema';
import { unknownSurvey } from './access';

// Optimistic concurrency for a survey's draft (decision 0266, O15.52): every change of it names the
// revision it was based on, and one based on anything else is refused, so no tab overwrites unseen work.

/**
 * The draft's digest, from what is stored: its base and its document (jsonb's text is canonical, so key
 * order never matters). Not the updated-at: two saves in one millisecond, or on a fixed clock, share it.
 */
export const draftDigest = sql<string>`md5(coalesce(${surveyDrafts.basedOn}::text, '') || ':' || ${surveyDrafts.document}::text)`;

/** A revision: the published version and the draft's digest, `0` without a draft (revisionSchema). */
export const revisionOf = (version: number, digest: string | null | undefined) => `${version}.${digest ?? 0}`;

/** 409 10035 naming the revision of now, so a caller may choose to overwrite it (and only it). */
export const staleRevision = (revision: string) =>
  new AppError(ErrorCodes.STALE_REVISION, {
    message: 'The survey was changed elsewhere since this revision',
    detail: { revision },
  });

/**
 * With the survey row locked at `version` (by the caller's transaction): throws 409 10035 unless the
 * revision of now is `expected`.
 */
export async function checkRevision(tx: Db, surveyId: number, version: number, expected: string) {
  const [draft] = await tx
    .select({ digest: draftDigest })
    .from(surveyDrafts)
    .where(eq(surveyDrafts.surveyId, surveyId));
  const current = revisionOf(version, draft?.digest);
  if (current !== expected) throw staleRevision(current);
}

/**
 * Inside a transaction: locks the survey row (publishVersion locks it too, so changes of one survey take
 * turns) and answers its version when the revision of now is `expected`, else throws 409 10035.
 */
export async function lockRevision(tx: Db, surveyId: number, expected: string): Promise<number> {
  const [locked] = await queryRows<{ version: number }>(
    tx,
    sql`select version from surveys where id = ${surveyId} for update`,
  );
  if (!locked) throw unknownSurvey();
  await checkRevision(tx, surveyId, locked.version, expected);
  return locked.version;
}
