import {
  type Language,
  type Question,
  SURVEY_DOCUMENT_FORMAT,
  type Survey,
  type SurveyDocument,
  type Translations,
} from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { surveyVersions } from '../../db/schema';
import { toQuestions, toSurvey } from '../../queries/config';
import type { SurveyRow } from '../../queries/context';

/** The languages a stored survey is offered in: its column, else (a row from before versions) its own. */
export const languagesOfRow = (row: Pick<SurveyRow, 'languages' | 'templateLocale'>): Language[] => {
  const stored = Array.isArray(row.languages) ? (row.languages as Language[]) : [];
  return stored.length > 0 ? stored : [row.templateLocale as Language];
};

/** A survey's document content: the engine's survey without the served-only version number. */
const contentOf = (survey: Survey): Survey => {
  const { version: _served, ...content } = survey;
  return content;
};

/** The published document a surveys row holds (its current version, decision 0254). */
export function publishedDocument(row: SurveyRow): SurveyDocument {
  return {
    format: SURVEY_DOCUMENT_FORMAT,
    survey: contentOf(toSurvey(row)),
    questions: toQuestions(row),
    languages: languagesOfRow(row),
    translations: (row.translations ?? {}) as Translations,
  };
}

/**
 * Published versions by (survey, version). A version never changes once written, so one read per server
 * serves every create that names it; only the newest few hundred are kept.
 */
export class VersionDocuments {
  private readonly held = new Map<string, SurveyDocument>();

  constructor(private readonly capacity = 500) {}

  /** The survey and questions a create names (its version), or null when the survey never had it. */
  async find(db: Db, row: SurveyRow, version: number | undefined): Promise<SurveyDocument | null> {
    if (version === undefined || version === row.version) return publishedDocument(row);
    return this.stored(db, row.id, version);
  }

  /** One stored version of a survey (any, the current too), or null when the survey never had it. */
  async stored(db: Db, surveyId: number, version: number): Promise<SurveyDocument | null> {
    const key = `${surveyId}:${version}`;
    const kept = this.held.get(key);
    if (kept) return kept;
    const rows = await db
      .select({ document: surveyVersions.document })
      .from(surveyVersions)
      .where(and(eq(surveyVersions.surveyId, surveyId), eq(surveyVersions.version, version)))
      .limit(1);
    const found = rows[0]?.document as SurveyDocument | undefined;
    if (!found) return null;
    const document = {
      ...found,
      questions: found.questions.map((q: Question) => ({ ...q, templateId: surveyId })),
    };
    if (this.held.size >= this.capacity) this.held.delete(this.held.keys().next().value as string);
    this.held.set(key, document);
    return document;
  }
}
