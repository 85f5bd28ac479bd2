import { type IdText, type Indicator, type Question, questionSchema } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';

/** What an export needs of a survey to label its responses: read once per export, not per row. */
export interface ExportSurvey {
  id: number;
  name: string;
  indicators: Indicator[];
  questions: Question[];
  staffTags: IdText[];
}

/** The survey's questions as the guest app reads them (defaults filled); one it cannot parse is left out. */
function questionsOf(raw: unknown): Question[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((question) => {
    const parsed = questionSchema.safeParse(question);
    return parsed.success ? [parsed.data] : [];
  });
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
        questions: questionsOf(row.questions),
        staffTags: row.definition.staffSelector?.tags ?? [],
      },
    ]),
  );
}
