import {
  AppError,
  type EditorFault,
  ErrorCodes,
  type OperatorScope,
  parseDocument,
  publishFaults,
  type SurveyDocument,
} from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { surveyDrafts } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';
import { editableSurvey, noDraft, unknownSurvey } from './access';
import { documentRefused, publishVersion } from './publish';
import { findDraft, versionDocument } from './read';
import { draftDigest, lockRevision, revisionOf, staleRevision } from './revision';

/** Who changes a survey, and when (the app's clock). */
export interface SurveyChange {
  db: Db;
  operator: OperatorScope;
  actor: AuditActor;
  now: Date;
}

/** O15.25 A document from outside (a draft, an import): the schema's verdict, or 400 10025 with paths. */
export function acceptDocument(input: unknown, message = 'The document was refused'): SurveyDocument {
  const parsed = parseDocument(input);
  if (!parsed.ok) throw documentRefused(parsed.faults, message);
  return parsed.document;
}

/** What a saved draft answers: what still stops its publish (O15.24), when it was saved, its revision. */
export interface SavedDraft {
  faults: EditorFault[];
  updatedAt: string;
  revision: string;
}

/**
 * PUT /console/surveys/{id}/draft: saves the document as the survey's one draft whenever the schema
 * accepts it (faults may remain: one is editing, decision 0254) and the draft is still at `revision`
 * (O15.52: else 409 10035 and nothing stored). A new draft is based on the current version; a draft that
 * exists keeps its base (a restored one stays "from version n").
 */
export async function saveDraft(
  ctx: SurveyChange,
  surveyId: number,
  input: unknown,
  revision: string,
): Promise<SavedDraft> {
  const { row } = await editableSurvey(ctx.db, ctx.operator, surveyId);
  const document = acceptDocument(input);
  const saved = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const version = await lockRevision(tx, row.id, revision);
    const [stored] = await tx
      .insert(surveyDrafts)
      .values({
        surveyId: row.id,
        document,
        basedOn: version,
        updatedBy: ctx.operator.id,
        updatedAt: ctx.now,
      })
      .onConflictDoUpdate({
        target: surveyDrafts.surveyId,
        set: { document, updatedBy: ctx.operator.id, updatedAt: ctx.now },
      })
      .returning({ digest: draftDigest });
    return revisionOf(version, stored?.digest);
  });
  return { faults: publishFaults(document), updatedAt: ctx.now.toISOString(), revision: saved };
}

/** DELETE /console/surveys/{id}/draft: the draft goes, while still at `revision` (O15.52). */
export async function discardDraft(
  ctx: SurveyChange,
  surveyId: number,
  revision: string,
): Promise<{ revision: string }> {
  const { row } = await editableSurvey(ctx.db, ctx.operator, surveyId);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const version = await lockRevision(tx, row.id, revision);
    await tx.delete(surveyDrafts).where(eq(surveyDrafts.surveyId, row.id));
    return { revision: revisionOf(version, null) };
  });
}

/**
 * POST /console/surveys/{id}/publish: the saved draft becomes the next version (publishVersion: refused
 * with 10025 and paths while publishFaults names anything), only while it is still at `revision` (O15.52:
 * what the operator saw is what guests get). A draft based on an older version than the current one came
 * from a restore (a publish always drops the draft), so the version records it. 404 10014
 * (`detail.draft: null`) when there is no draft and the caller knew it.
 */
export async function publishDraft(
  ctx: SurveyChange,
  surveyId: number,
  revision: string,
): Promise<{ version: number; revision: string }> {
  const { row } = await editableSurvey(ctx.db, ctx.operator, surveyId);
  const draft = await findDraft(ctx.db, row.id);
  // Checked here against the draft read, and again under the lock (publishVersion): both must be it.
  const current = revisionOf(row.version, draft?.digest);
  if (current !== revision) throw staleRevision(current);
  if (!draft) throw noDraft();
  const restoredFrom = draft.basedOn !== null && draft.basedOn !== row.version ? draft.basedOn : null;
  const published = await publishVersion(ctx.db, {
    companyId: row.companyId,
    surveyId: row.id,
    document: draft.document,
    actor: ctx.actor,
    restoredFrom,
    at: ctx.now,
    revision,
  });
  if (!published) throw unknownSurvey();
  // The draft was the document published (the revision held under the lock), so it went.
  return { version: published.version, revision: revisionOf(published.version, null) };
}

/**
 * POST /console/surveys/{id}/versions/{version}/restore: that version's document becomes the draft,
 * based on it (the current version stays live until the next publish), while the draft is still at
 * `revision` (O15.52: it replaces the draft the operator saw, not one saved since); audited `survey.restore`.
 * 404 10014 for a version the survey never had.
 */
export async function restoreVersion(
  ctx: SurveyChange,
  surveyId: number,
  version: number,
  revision: string,
): Promise<SavedDraft & { basedOn: number }> {
  const { row } = await editableSurvey(ctx.db, ctx.operator, surveyId);
  const stored = await versionDocument(ctx.db, row.id, version);
  if (!stored) {
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, {
      message: 'The survey has no such version',
      detail: { version },
    });
  }
  // A version older than today's schema is read through it (its defaults), as any document from outside.
  const document = acceptDocument(stored, 'The version cannot be restored');
  const saved = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const current = await lockRevision(tx, row.id, revision);
    const values = { document, basedOn: version, updatedBy: ctx.operator.id, updatedAt: ctx.now };
    const [stored] = await tx
      .insert(surveyDrafts)
      .values({ surveyId: row.id, ...values })
      .onConflictDoUpdate({ target: surveyDrafts.surveyId, set: values })
      .returning({ digest: draftDigest });
    await recordAudit(tx, {
      companyId: row.companyId,
      actor: ctx.actor,
      action: 'survey.restore',
      subjectType: 'survey',
      subjectId: row.id,
      detail: { version },
      at: ctx.now,
    });
    return revisionOf(current, stored?.digest);
  });
  return {
    basedOn: version,
    faults: publishFaults(document),
    updatedAt: ctx.now.toISOString(),
    revision: saved,
  };
}
