import {
  AppError,
  type EditorFault,
  ErrorCodes,
  publishFaults,
  type SurveyDocument,
} from '@venue-voice/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { surveyDrafts, surveys, surveyVersions } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';
import { checkRevision } from './revision';

/** 400 10025 naming each fault's field by its path in the document, with its catalogue key. */
export const documentRefused = (faults: EditorFault[], message = 'The survey has errors') =>
  new AppError(ErrorCodes.FORM_VALIDATION, {
    message: `${message}: ${faults
      .slice(0, 5)
      .map((f) => f.path)
      .join(', ')}${faults.length > 5 ? '…' : ''}`,
    detail: {
      fields: faults.map((f) => ({ field: f.path, in: 'body', message: f.key, params: f.params ?? {} })),
    },
  });

/** The survey's columns and content as a document sets them, for the survey's own id. */
export function surveyColumns(surveyId: number, document: SurveyDocument) {
  const { version: _served, ...content } = document.survey;
  return {
    slug: content.slug,
    name: content.name,
    templateLocale: content.templateLocale,
    eposEnabled: content.eposEnabled,
    showPinScreen: content.showPinScreen,
    tableNumberEntry: content.tableNumberEntry,
    definition: { ...content, templateId: surveyId, surveyId },
    questions: document.questions.map((q) => ({ ...q, templateId: surveyId })),
    languages: document.languages,
    translations: document.translations,
  };
}

/** O15.13 Another survey of the installation already answers to this slug (guest links are by slug). */
export async function slugTaken(db: Db, slug: string, exceptSurveyId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(
      exceptSurveyId === null
        ? eq(surveys.slug, slug)
        : and(eq(surveys.slug, slug), ne(surveys.id, exceptSurveyId)),
    )
    .limit(1);
  return rows.length > 0;
}

export interface PublishInput {
  companyId: number;
  surveyId: number;
  document: SurveyDocument;
  actor: AuditActor;
  /** The version a restore took the document from. */
  restoredFrom?: number | null;
  at?: Date;
  /** The draft's revision the publish is based on (O15.52), checked under the lock: else 409 10035. */
  revision?: string;
}

/**
 * Publishes a document as the survey's next version (decision 0254): refused (10025) while publishFaults
 * names anything or another survey has its slug, or (409 10035) when the draft is no longer at
 * `input.revision`; in one transaction with the survey row locked, writes the immutable version, projects
 * it onto the surveys row the guest side reads, drops the draft when it is still the document published
 * (O15.50: a draft saved meanwhile is kept) and audits.
 * Answers the new version's number; null when the company has no such survey.
 */
export async function publishVersion(db: Db, input: PublishInput): Promise<{ version: number } | null> {
  const faults = publishFaults(input.document);
  if (faults.length > 0) throw documentRefused(faults, 'The survey cannot be published yet');
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await queryRows<{ version: number }>(
      tx,
      sql`select version from surveys where id = ${input.surveyId} and company_id = ${input.companyId} for update`,
    );
    const current = locked[0]?.version;
    if (current === undefined) return null;
    if (input.revision !== undefined) await checkRevision(tx, input.surveyId, current, input.revision);
    if (await slugTaken(tx, input.document.survey.slug, input.surveyId)) {
      throw documentRefused([{ path: 'survey.slug', key: 'editor.slugTaken' }]);
    }
    const version = current + 1;
    const columns = surveyColumns(input.surveyId, input.document);
    await tx.insert(surveyVersions).values({
      surveyId: input.surveyId,
      version,
      document: { ...input.document, survey: columns.definition, questions: columns.questions },
      publishedBy: input.actor.id,
      restoredFrom: input.restoredFrom ?? null,
      ...(input.at ? { publishedAt: input.at } : {}),
    });
    await tx
      .update(surveys)
      .set({ ...columns, version })
      .where(eq(surveys.id, input.surveyId));
    // Only the draft that was published goes: one saved while this publish ran (another tab, a slow
    // request) differs from it and stays, so no edit is lost (jsonb equality ignores key order).
    await tx
      .delete(surveyDrafts)
      .where(
        and(
          eq(surveyDrafts.surveyId, input.surveyId),
          sql`${surveyDrafts.document} = ${JSON.stringify(input.document)}::jsonb`,
        ),
      );
    await recordAudit(tx, {
      companyId: input.companyId,
      actor: input.actor,
      action: 'survey.publish',
      subjectType: 'survey',
      subjectId: input.surveyId,
      detail: { version, ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}) },
      ...(input.at ? { at: input.at } : {}),
    });
    return { version };
  });
}
