import { QuestionType } from '@venue-voice/domain';
import type { ExportSurvey } from './surveys';

/** One column of an export: the record key a row fills and its header (docs/exports.md lists them). */
export interface ExportColumn {
  key: string;
  header: string;
}

/** The columns every export has, in order (docs/exports.md "Fixed columns"). */
export const FIXED_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', header: 'Response' },
  { key: 'branch', header: 'Branch' },
  { key: 'survey', header: 'Survey' },
  { key: 'visit', header: 'Visit (local time)' },
  { key: 'received', header: 'Received (UTC)' },
  { key: 'source', header: 'Source' },
  { key: 'language', header: 'Language' },
  { key: 'csat', header: 'CSAT' },
  { key: 'nps', header: 'NPS' },
  { key: 'npsGroup', header: 'NPS group' },
  { key: 'complaint', header: 'Complaint' },
  { key: 'staff', header: 'Team member' },
  { key: 'staffTags', header: 'Team member tags' },
  { key: 'staffText', header: 'Team member thanks' },
  { key: 'dishes', header: 'Dishes rated' },
  { key: 'table', header: 'Table' },
  { key: 'check', header: 'Receipt check' },
  { key: 'voucher', header: 'Voucher code' },
  { key: 'photo', header: 'Photo' },
];

export const indicatorKey = (id: number) => `indicator:${id}`;
export const questionKey = (id: number) => `question:${id}`;

/**
 * The fixed columns, then one per indicator and one per question of the surveys exported (menu-insight
 * questions are the "Dishes rated" column), each named by its id and its text in the survey; an id two
 * surveys share is one column, named by the first survey.
 */
export function exportColumns(surveys: Iterable<ExportSurvey>): ExportColumn[] {
  const indicators = new Map<string, ExportColumn>();
  const questions = new Map<string, ExportColumn>();
  for (const survey of surveys) {
    for (const indicator of survey.indicators) {
      const key = indicatorKey(indicator.id);
      if (!indicators.has(key))
        indicators.set(key, { key, header: `Indicator ${indicator.id}: ${indicator.name}` });
    }
    for (const question of survey.questions) {
      if (question.questionType === QuestionType.MENU_INSIGHT) continue;
      const key = questionKey(question.id);
      if (!questions.has(key))
        questions.set(key, { key, header: `Question ${question.id}: ${question.text}` });
    }
  }
  return [...FIXED_COLUMNS, ...indicators.values(), ...questions.values()];
}
