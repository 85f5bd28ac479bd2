import {
  canEditSurvey,
  canSeeSurvey,
  type OperatorScope,
  publishFaults,
  type SurveyDocument,
  type SurveyDocumentAnswer,
  type SurveyListItem,
  type SurveyVersionItem,
} from '@venue-voice/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { operators, surveyDrafts, surveys, surveyVersions } from '../../db/schema';
import { branchesOfSurveys, managersEditSurveys, noDraft, readableSurvey } from './access';
import { languagesOfRow, publishedDocument } from './documents';
import { draftDigest, revisionOf } from './revision';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Who did something, by id and their name now; null when nobody is named (a migration, a removed operator). */
const nameOf = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

const idOf = (row: { id: number }) => row.id;

/** GET /console/surveys: the company's surveys the operator may read (O1.9), each with O1.10's verdict. */
export async function listSurveys(db: Db, operator: OperatorScope): Promise<SurveyListItem[]> {
  const rows = await db
    .select({
      id: surveys.id,
      name: surveys.name,
      slug: surveys.slug,
      active: surveys.active,
      version: surveys.version,
      languages: surveys.languages,
      templateLocale: surveys.templateLocale,
      publishedAt: surveyVersions.publishedAt,
    })
    .from(surveys)
    .leftJoin(
      surveyVersions,
      and(eq(surveyVersions.surveyId, surveys.id), eq(surveyVersions.version, surveys.version)),
    )
    .where(eq(surveys.companyId, operator.companyId))
    .orderBy(asc(surveys.name), asc(surveys.id));
  const served = await branchesOfSurveys(db, rows.map(idOf));
  const visible = rows.filter((r) => canSeeSurvey(operator, served.get(r.id) ?? []));
  if (visible.length === 0) return [];
  const drafts = await db
    .select({ surveyId: surveyDrafts.surveyId })
    .from(surveyDrafts)
    .where(inArray(surveyDrafts.surveyId, visible.map(idOf)));
  const drafted = new Set(drafts.map((d) => d.surveyId));
  const allowed = operator.role === 'manager' && (await managersEditSurveys(db, operator.companyId));
  return visible.map((r) => {
    const branchIds = served.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      slug: r.slug,
      active: r.active,
      version: r.version,
      languages: languagesOfRow(r),
      branchIds,
      hasDraft: drafted.has(r.id),
      editable: canEditSurvey(operator, branchIds, allowed),
      publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
    };
  });
}

/** The survey's draft with who saved it last and its digest (revision.ts), or null. */
export async function findDraft(db: Db, surveyId: number) {
  const [draft] = await db
    .select({
      document: surveyDrafts.document,
      digest: draftDigest,
      basedOn: surveyDrafts.basedOn,
      updatedAt: surveyDrafts.updatedAt,
      updatedBy: surveyDrafts.updatedBy,
      updatedByName: operators.name,
    })
    .from(surveyDrafts)
    .leftJoin(operators, eq(operators.id, surveyDrafts.updatedBy))
    .where(eq(surveyDrafts.surveyId, surveyId))
    .limit(1);
  return draft ? { ...draft, document: draft.document as SurveyDocument } : null;
}

/**
 * GET /console/surveys/{id}/document (operator-side.md): the published version (its document from the
 * surveys row, who published it and when from survey_versions when that row exists), the draft with
 * the faults that stop its publish (O15.24), and the revision a change based on them sends (O15.52).
 */
export async function surveyDocumentAnswer(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
): Promise<SurveyDocumentAnswer> {
  const { row, branchIds, editable } = await readableSurvey(db, operator, surveyId);
  const [version] = await db
    .select({
      publishedAt: surveyVersions.publishedAt,
      publishedBy: surveyVersions.publishedBy,
      name: operators.name,
    })
    .from(surveyVersions)
    .leftJoin(operators, eq(operators.id, surveyVersions.publishedBy))
    .where(and(eq(surveyVersions.surveyId, row.id), eq(surveyVersions.version, row.version)))
    .limit(1);
  const draft = await findDraft(db, row.id);
  return {
    id: row.id,
    editable,
    branchIds,
    // The version the answer shows: one published since makes a change based on this answer stale.
    revision: revisionOf(row.version, draft?.digest),
    published: {
      version: row.version,
      document: publishedDocument(row),
      publishedAt: version ? iso(version.publishedAt) : null,
      publishedBy: version ? nameOf(version.publishedBy, version.name) : null,
    },
    draft: draft
      ? {
          document: draft.document,
          basedOn: draft.basedOn,
          updatedAt: iso(draft.updatedAt),
          updatedBy: nameOf(draft.updatedBy, draft.updatedByName),
          faults: publishFaults(draft.document),
        }
      : null,
  };
}

/** GET /console/surveys/{id}/versions: every published version, newest first. */
export async function versionHistory(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
): Promise<SurveyVersionItem[]> {
  const { row } = await readableSurvey(db, operator, surveyId);
  const rows = await db
    .select({
      version: surveyVersions.version,
      publishedAt: surveyVersions.publishedAt,
      publishedBy: surveyVersions.publishedBy,
      name: operators.name,
      restoredFrom: surveyVersions.restoredFrom,
    })
    .from(surveyVersions)
    .leftJoin(operators, eq(operators.id, surveyVersions.publishedBy))
    .where(eq(surveyVersions.surveyId, row.id))
    .orderBy(desc(surveyVersions.version));
  return rows.map((r) => ({
    version: r.version,
    publishedAt: iso(r.publishedAt),
    publishedBy: nameOf(r.publishedBy, r.name),
    restoredFrom: r.restoredFrom,
  }));
}

/** A published version's document, or null when the survey never had it. */
export async function versionDocument(db: Db, surveyId: number, version: number) {
  const [found] = await db
    .select({ document: surveyVersions.document })
    .from(surveyVersions)
    .where(and(eq(surveyVersions.surveyId, surveyId), eq(surveyVersions.version, version)))
    .limit(1);
  return (found?.document as SurveyDocument | undefined) ?? null;
}

/** An exported file: its name and the document. */
export interface SurveyFile {
  fileName: string;
  document: SurveyDocument;
}

/**
 * GET /console/surveys/{id}/export: the published document (`<slug>-v<version>.json`) or the draft
 * (`<slug>-v<basedOn>-draft.json`); 404 10014 (`detail.draft: null`) when there is no draft.
 */
export async function exportSurvey(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
  which: 'published' | 'draft',
): Promise<SurveyFile> {
  const { row } = await readableSurvey(db, operator, surveyId);
  if (which === 'published') {
    return { fileName: `${row.slug}-v${row.version}.json`, document: publishedDocument(row) };
  }
  const draft = await findDraft(db, row.id);
  if (!draft) throw noDraft();
  const slug = /^[a-z0-9-]{1,64}$/.test(draft.document.survey.slug) ? draft.document.survey.slug : row.slug;
  return { fileName: `${slug}-v${draft.basedOn ?? row.version}-draft.json`, document: draft.document };
}
