import { type IdText, menuReasonLabels, type Question, reasonKey, type Survey } from '@venue-voice/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { surveys } from '../../db/schema';

/**
 * Labels the reasons of a dish report by the survey each was given in (O7.3): a reason id means
 * something only in its survey and with its rating. Reads the surveys of the company that the rollup
 * rows name (a handful); a reason its survey no longer names is labelled null.
 */
export async function reasonLabeller(db: Db, companyId: number, surveyIds: readonly number[]) {
  const rows =
    surveyIds.length === 0
      ? []
      : await db
          .select({ id: surveys.id, questions: surveys.questions })
          .from(surveys)
          .where(and(eq(surveys.companyId, companyId), inArray(surveys.id, [...surveyIds])));
  const labels = new Map(rows.map((row) => [row.id, menuReasonLabels(row.questions as Question[])]));
  return (surveyId: number, rating: number, id: number): string | null =>
    labels.get(surveyId)?.get(reasonKey(rating, id)) ?? null;
}

/** The staff selector's tags of the company's surveys (O7.7's fallback when a member has none of their own). */
export async function surveyStaffTags(db: Db, companyId: number): Promise<Map<number, IdText[]>> {
  const rows = await db
    .select({ id: surveys.id, definition: surveys.definition })
    .from(surveys)
    .where(eq(surveys.companyId, companyId));
  return new Map(rows.map((row) => [row.id, (row.definition as Survey).staffSelector?.tags ?? []]));
}
