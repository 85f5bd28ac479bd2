import {
  brandingWithCompany,
  canSeeBranch,
  type Language,
  localizedSurvey,
  missingTexts,
  type PreviewWhich,
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
import { publishedDocument, readableSurvey } from '../../../services/survey-versions';

export interface PreviewRequest {
  surveyId: number;
  language: Language | undefined;
  which: PreviewWhich;
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
  const { row, branchIds } = await readableSurvey(db, operator, request.surveyId);

  const [draft] =
    request.which === 'draft'
      ? await db
          .select({ document: surveyDrafts.document, basedOn: surveyDrafts.basedOn })
          .from(surveyDrafts)
          .where(eq(surveyDrafts.surveyId, row.id))
          .limit(1)
      : [];
  // A survey without a draft previews what is live: the draft would start as that.
  const doc = draft ? (draft.document as SurveyDocument) : publishedDocument(row);
  const which: PreviewWhich = draft ? 'draft' : 'published';
  const lang = request.language ?? doc.survey.templateLocale;
  const { survey, questions, missing } = previewTexts(doc, lang);

  const visible = branchIds.filter((id) => canSeeBranch(operator, id));
  const branchId =
    request.branchId !== undefined && visible.includes(request.branchId)
      ? request.branchId
      : (visible[0] ?? null);
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
    version: which === 'published' ? row.version : (draft?.basedOn ?? null),
    branchId,
    missingTexts: missing,
    languages: doc.languages,
  });
}
