import { publishFaults, SLUG_PATTERN, type SurveyDocument } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { surveyBranches, surveys, surveyVersions } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { branchesForNewSurvey, editableSurvey } from './access';
import { publishedDocument } from './documents';
import { acceptDocument, type SurveyChange } from './drafts';
import { documentRefused, slugTaken, surveyColumns } from './publish';

interface NewSurvey {
  document: SurveyDocument;
  branchIds: number[];
  /** What the audit entry adds (a duplicate names its source). */
  detail: Record<string, unknown>;
}

/**
 * A new survey of the operator's company: its row (inactive, decision 0255), its branches and its
 * version 1 (the document, published by the operator), in one transaction, audited `survey.create`.
 * 10025 at `survey.slug` when another survey answers to the slug.
 */
async function insertSurvey(ctx: SurveyChange, input: NewSurvey): Promise<{ id: number }> {
  const id = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (await slugTaken(tx, input.document.survey.slug, null)) {
      throw documentRefused([{ path: 'survey.slug', key: 'editor.slugTaken' }]);
    }
    // The id first: the stored survey and questions carry it (templateId), as every survey row does.
    const [next] = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('surveys', 'id'))::int as id`,
    );
    const surveyId = next?.id ?? 0;
    const columns = surveyColumns(surveyId, input.document);
    await tx.insert(surveys).values({
      id: surveyId,
      companyId: ctx.operator.companyId,
      active: false,
      version: 1,
      ...columns,
      createdAt: ctx.now,
    });
    if (input.branchIds.length > 0) {
      await tx.insert(surveyBranches).values(input.branchIds.map((branchId) => ({ surveyId, branchId })));
    }
    await tx.insert(surveyVersions).values({
      surveyId,
      version: 1,
      document: { ...input.document, survey: columns.definition, questions: columns.questions },
      publishedBy: ctx.operator.id,
      publishedAt: ctx.now,
    });
    await recordAudit(tx, {
      companyId: ctx.operator.companyId,
      actor: ctx.actor,
      action: 'survey.create',
      subjectType: 'survey',
      subjectId: surveyId,
      detail: { slug: columns.slug, name: columns.name, branchIds: input.branchIds, ...input.detail },
      at: ctx.now,
    });
    return surveyId;
  });
  return { id };
}

/**
 * POST /console/surveys { document, branchIds } (an import, or the console's new survey): the document
 * through the schema (10025 with each field's path), then through publishFaults (an import of a broken
 * file names its fields rather than storing something that cannot be served), branches of the company
 * the operator may make a survey for (O1.10). Stored as version 1, inactive (decision 0255).
 */
export async function createSurvey(
  ctx: SurveyChange,
  input: { document: unknown; branchIds: number[] },
): Promise<{ id: number }> {
  const document = acceptDocument(input.document);
  const faults = publishFaults(document);
  if (faults.length > 0) throw documentRefused(faults, 'The survey cannot be created');
  const branchIds = await branchesForNewSurvey(ctx.db, ctx.operator, input.branchIds);
  return insertSurvey(ctx, { document, branchIds, detail: { version: 1 } });
}

/** `<slug>-copy`, then `<slug>-copy-2`…: the first free slug, within O15.13's 64 characters. */
async function copySlug(db: Db, slug: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const base = slug.slice(0, 64 - suffix.length).replace(/-+$/, '');
    const candidate = `${base}${suffix}`;
    if (SLUG_PATTERN.test(candidate) && !(await slugTaken(db, candidate, null))) return candidate;
  }
}

/**
 * POST /console/surveys/{id}/duplicate: a copy of the published version with a new id, slug
 * `<slug>-copy` (then `-copy-2`…), name "<name> (copy)", the same branches, as version 1; inactive, so
 * guests never meet two identical surveys before the copy is changed (decision 0255). Needs O1.10 on
 * the original (the copy is served at the same branches).
 */
export async function duplicateSurvey(ctx: SurveyChange, surveyId: number): Promise<{ id: number }> {
  const { row, branchIds } = await editableSurvey(ctx.db, ctx.operator, surveyId);
  const source = publishedDocument(row);
  const slug = await copySlug(ctx.db, row.slug);
  const document: SurveyDocument = {
    ...source,
    survey: { ...source.survey, slug, name: `${source.survey.name} (copy)` },
  };
  return insertSurvey(ctx, {
    document,
    branchIds,
    detail: { duplicatedFrom: row.id, fromVersion: row.version },
  });
}
