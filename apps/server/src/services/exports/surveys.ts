import type { IdText, Indicator, Question } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/query-rows';
import { parsedQuestions } from '../../queries/questions';

/** What an export needs of a survey to label its responses: read once per export, not per row. */
export interface ExportSurvey {
  id: number;
  name: string;
  indicators: Indicator[];
  questions: Question[];
  staffTags: IdText[];
}

/** The company's surveys (one when the filter names it), in id order, by id. */
export async function exportSurveys(
  db: Db,
  companyId: number,
  surveyId: number | null,
): Promise<Map<number, ExportSurvey>> {
  const rows = await queryRows<{
    id: number;
    name: string;
    definition: { indicators?: Indicator[]; staffSelector?: { tags?: IdText[] } };
    questions: unknown;
  }>(
    db,
    sql`select id, name, definition, questions from surveys where company_id = ${companyId}
      ${surveyId === null ? sql`` : sql`and id = ${surveyId}`} order by id`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        indicators: row.definition.indicators ?? [],
        questions: parsedQuestions(row.questions),
        staffTags: row.definition.staffSelector?.tags ?? [],
      },
    ]),
  );
}
