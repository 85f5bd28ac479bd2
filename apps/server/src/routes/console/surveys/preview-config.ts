import {
  brandingWithCompany,
  canSeeBranch,
  type Language,
  localizedSurvey,
  missingTexts,
  type PreviewWhich,
  previewDocument,
  type SurveyDocument,
  type SurveyPreviewAnswer,
  schedulesForBranch,
  surveyPreviewAnswerSchema,
  tableEntryAt,
  textEntries,
} from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { companies, surveyDrafts } from '../../../db/schema';
import { findBranchServing, findCompanySections } from '../../../queries/config';
import type { ConsoleOperator } from '../../../services/operators/principal';
import {
  documentRefused,
  publishedDocument,
  readableSurvey,
  type SurveyAccess,
} from '../../../services/survey-versions';

export interface PreviewRequest {
  surveyId: number;
  language: Language | undefined;
  which: PreviewWhich;
  branchId: number | undefined;
}

/** POST's request: the editor's document as typed (unchecked until previewDocument reads it). */
export interface EditorPreviewRequest {
  surveyId: number;
  document: unknown;
  language: Language | undefined;
  branchId: number | undefined;
}

/**
 * The document in `lang` for the preview: as a guest reads it (localizedSurvey, O15.23) when the language
 * has every text; otherwise the missing texts stay in the survey's own language, so an operator can look at
 * a translation half done. Guests never get this: survey.config serves only complete languages.
 */
function previewTexts(doc: SurveyDocument, lang: Language) {
  const missing = missingTexts(doc, lang);
  const own = Object.fromEntries(textEntries(doc).map(({ key, text }) => [key, text]));
  const filled: SurveyDocument = {
    ...doc,
    languages: doc.languages.includes(lang) ? doc.languages : [...doc.languages, lang],
    translations: {
      ...doc.translations,
      [lang]: {
        ...doc.translations[lang],
        ...Object.fromEntries(missing.map((key) => [key, own[key] ?? ''])),
      },
    },
  };
  // Every text is there now, so localizedSurvey always answers; the guard keeps the type honest.
  const localized = localizedSurvey(filled, lang) ?? { survey: doc.survey, questions: doc.questions };
  return { ...localized, missing };
}

const draftOf = async (db: Db, surveyId: number) =>
  (
    await db
      .select({ document: surveyDrafts.document, basedOn: surveyDrafts.basedOn })
      .from(surveyDrafts)
      .where(eq(surveyDrafts.surveyId, surveyId))
      .limit(1)
  )[0];

/**
 * GET /console/surveys/{id}/preview-config (decision 0258): what survey.config would answer a guest for
 * the draft (or the published version) in one language, at a branch of the survey the operator sees.
 */
export async function previewConfig(
  db: Db,
  operator: ConsoleOperator,
  request: PreviewRequest,
): Promise<SurveyPreviewAnswer> {
  // O1.9, as every survey call: 404 10014 for a survey of another company or at no branch they see.
  const access = await readableSurvey(db, operator, request.surveyId);
  const draft = request.which === 'draft' ? await draftOf(db, access.row.id) : undefined;
  // A survey without a draft previews what is live: the draft would start as that.
  return previewAnswer(db, operator, access, {
    doc: draft ? (draft.document as SurveyDocument) : publishedDocument(access.row),
    which: draft ? 'draft' : 'published',
    version: draft ? draft.basedOn : access.row.version,
    language: request.language,
    branchId: request.branchId,
  });
}

/**
 * POST /console/surveys/{id}/preview-config (decision 0259): the same answer for the editor's unsaved
 * document, which is read as a draft save reads it and must be one the engine can run (O15.40: 400 10025
 * naming each field). Stores nothing.
 */
export async function editorPreviewConfig(
  db: Db,
  operator: ConsoleOperator,
  request: EditorPreviewRequest,
): Promise<SurveyPreviewAnswer> {
  const access = await readableSurvey(db, operator, request.surveyId);
  const checked = previewDocument(request.document);
  if (!checked.ok) throw documentRefused(checked.faults, 'The survey cannot be previewed');
  // The version the editor's document grew from: the saved draft's base, else the live version.
  const draft = await draftOf(db, access.row.id);
  return previewAnswer(db, operator, access, {
    doc: checked.document,
    which: 'draft',
    version: draft ? draft.basedOn : access.row.version,
    language: request.language,
    branchId: request.branchId,
  });
}

interface PreviewOf {
  doc: SurveyDocument;
  which: PreviewWhich;
  version: number | null;
  language: Language | undefined;
  branchId: number | undefined;
}

/** survey.config's web answer for one document of a survey the operator may read, in one language. */
async function previewAnswer(
  db: Db,
  operator: ConsoleOperator,
  { row, branchIds }: SurveyAccess,
  { doc, which, version, language, branchId: asked }: PreviewOf,
): Promise<SurveyPreviewAnswer> {
  const lang = language ?? doc.survey.templateLocale;
  const { survey, questions, missing } = previewTexts(doc, lang);

  const visible = branchIds.filter((id) => canSeeBranch(operator, id));
  const branchId = asked !== undefined && visible.includes(asked) ? asked : (visible[0] ?? null);
  const [sections, serving, [company]] = await Promise.all([
    findCompanySections(db, operator.companyId),
    branchId === null ? null : findBranchServing(db, operator.companyId, branchId),
    db
      .select({ key: companies.key, name: companies.name })
      .from(companies)
      .where(eq(companies.id, operator.companyId))
      .limit(1),
  ]);
  const config = {
    core: {
      company: { keyName: company?.key ?? '', name: company?.name ?? '' },
      schedules: schedulesForBranch(sections.schedules, serving?.syncSchedule ?? null),
      features: sections.features,
      languages: sections.settings.languages,
    },
    // As servedSurvey serves it (O3.9, O3.11), in the chosen language; the live slug, which the preview's
    // reads (staff, menu search) go by: a draft's new slug answers nothing until it is published.
    surveys: [
      {
        ...survey,
        templateId: row.id,
        slug: row.slug,
        templateLocale: lang,
        branding: brandingWithCompany(survey.branding, sections.settings.branding),
        tableNumberEntry: tableEntryAt(survey.tableNumberEntry, serving?.tableEntry ?? null),
        ...(which === 'published' ? { version: row.version } : {}),
      },
    ],
    questions: questions.map((question) => ({ ...question, templateId: row.id })),
    data_capture: sections.data_capture,
    demographics: sections.demographics,
    statics: sections.statics,
  };
  // The web schema strips whatever a guest's answer would not carry.
  return surveyPreviewAnswerSchema.parse({
    config,
    language: lang,
    which,
    version,
    branchId,
    missingTexts: missing,
    languages: doc.languages,
  });
}
