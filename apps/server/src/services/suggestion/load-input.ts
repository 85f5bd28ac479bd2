import {
  type Answers,
  AspectRating,
  answersSchema,
  canSuggestReview,
  type IdText,
  idText,
  Language,
  offeredLanguage,
  type Question,
  type SuggestionInput,
  type Survey,
  type SurveyDocument,
  servedInLanguage,
  staffAnswerSchema,
  thankedStaff,
} from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { branches, companies, responses, staffMembers, surveys } from '../../db/schema';
import type { ResponseRef } from '../../plugins/response-auth';
import { languagesOf } from '../../queries/config';
import { productNames } from '../../queries/products';
import { publishedDocument, type VersionDocuments } from '../survey-versions';

const MAX_INT4 = 2_147_483_647;
const emptyAnswers: Answers = { questions: [], indicators: [], csatScore: null, npsScore: null };

/** The parts of the stored create payload a suggestion reads; anything else in it is ignored. */
const storedPayloadSchema = z.object({
  answers: answersSchema.catch(emptyAnswers),
  staff: staffAnswerSchema.optional().catch(undefined),
});

/** The dishes this guest rated good (only those the text may name). */
function goodDishRefs(answers: Answers): string[] {
  return answers.questions.flatMap(({ answer }) =>
    (answer.extra?.menuInsight ?? [])
      .filter((dish) => dish.aspectRatingId === AspectRating.GOOD)
      .map((d) => d.ref),
  );
}

/** The member thanked: a member of a branch of the response's company, with the tags offered to the guest. */
async function staffMember(db: Db, companyId: number, staffId: number) {
  // The staff answer's id is not range-checked at submit; past int4 PostgreSQL would raise, not miss.
  if (staffId < 1 || staffId > MAX_INT4) return null;
  const rows = await db
    .select({ name: staffMembers.displayName, tags: staffMembers.tags })
    .from(staffMembers)
    .innerJoin(branches, eq(branches.id, staffMembers.branchId))
    .where(and(eq(staffMembers.id, staffId), eq(branches.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The company as the caller already holds it (the request context's row; survey.prompt's join): its
 * languages decide the served one, and a create must not read them again (survey.submit's p99).
 */
export interface SuggestionCompany {
  id: number;
  languages: unknown;
}

export interface LoadedSuggestionInput {
  input: SuggestionInput;
  /** The venue turned suggestions on for the survey (survey.aiRecommendation.suggestionsEnabled). */
  enabled: boolean;
}

/**
 * What a guest answered on (decision 0256): the document of the survey version the response names and
 * the language the guest asked for (responses.language, the create's X-Language).
 */
export interface AnsweredSurvey {
  document: SurveyDocument;
  language: Language | null;
}

/**
 * O15.23 The survey and questions as survey.config served them to this guest: in the guest's language
 * when the company offers it and the version has every text in it, otherwise in the version's own
 * language (never a mix; as surveyInLanguage).
 */
export function servedTexts(
  { document, language }: AnsweredSurvey,
  companyLanguages: readonly Language[],
): { survey: Survey; questions: Question[] } {
  return servedInLanguage(document, language, companyLanguages);
}

/**
 * G7.1 What the suggestion is drafted from: the answers of a create payload (as stored: unknown
 * shape, read defensively), the indicators and questions of the survey version the guest answered, in
 * the language they were served (servedTexts), the menu names of the good dishes, the member thanked.
 * survey.submit can call this before storing the response.
 */
export async function suggestionInputOf(
  db: Db,
  company: SuggestionCompany,
  answered: AnsweredSurvey,
  storedPayload: unknown,
): Promise<LoadedSuggestionInput> {
  const companyId = company.id;
  const { survey, questions } = servedTexts(answered, languagesOf(company.languages));
  const payload = storedPayloadSchema.parse(storedPayload ?? {});
  // The language the guest was served in: the texts', if the company offers it (O3.10).
  const language = offeredLanguage(survey.templateLocale, company.languages as string[] | undefined);

  let staff: SuggestionInput['staff'] = null;
  if (payload.staff?.renderType === 1) {
    const member = await staffMember(db, companyId, payload.staff.staffId);
    if (member) {
      // G4.51: the tags offered were the member's own, else the survey's.
      const own = z.array(idText).catch([]).parse(member.tags);
      const offered: IdText[] = own.length > 0 ? own : (survey.staffSelector?.tags ?? []);
      staff = thankedStaff(payload.staff, member.name, offered);
    }
  }

  return {
    enabled: survey.aiRecommendation?.suggestionsEnabled !== false,
    input: {
      language,
      indicators: survey.indicators ?? [],
      questions,
      answers: payload.answers,
      dishNames: await productNames(db, companyId, goodDishRefs(payload.answers)),
      staff,
    },
  };
}

/** G7.18 is_ai_valid of a create payload: suggestions on and enough positive facts to draft from. */
export async function isAiValidFor(
  db: Db,
  company: SuggestionCompany,
  answered: AnsweredSurvey,
  storedPayload: unknown,
): Promise<boolean> {
  const { input, enabled } = await suggestionInputOf(db, company, answered, storedPayload);
  return enabled && canSuggestReview(input);
}

/**
 * The suggestion input of a stored response the caller holds the credentials of: read against the
 * version it answered (responses.survey_version; null, from before versions: the current) in the
 * language it was answered in (responses.language).
 */
export async function loadSuggestionInput(
  db: Db,
  versions: VersionDocuments,
  ref: ResponseRef,
): Promise<LoadedSuggestionInput> {
  const rows = await db
    .select({
      payload: responses.payload,
      surveyVersion: responses.surveyVersion,
      language: responses.language,
      survey: surveys,
      languages: companies.languages,
    })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .innerJoin(companies, eq(companies.id, responses.companyId))
    .where(eq(responses.id, ref.id))
    .limit(1);
  const row = rows[0];
  // requireResponse has just read this row; a concurrent delete leaves nothing to draft from.
  if (!row) throw new Error(`response ${ref.id} disappeared`);
  // Versions are never deleted; were one missing, the current is the nearest the guest saw.
  const document =
    (await versions.find(db, row.survey, row.surveyVersion ?? undefined)) ?? publishedDocument(row.survey);
  const language = (Language as readonly string[]).includes(row.language ?? '')
    ? (row.language as Language)
    : null;
  return suggestionInputOf(
    db,
    { id: ref.companyId, languages: row.languages },
    { document, language },
    row.payload,
  );
}
