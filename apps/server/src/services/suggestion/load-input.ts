import {
  type Answers,
  AspectRating,
  answersSchema,
  canSuggestReview,
  type IdText,
  idText,
  offeredLanguage,
  type SuggestionInput,
  staffAnswerSchema,
  thankedStaff,
} from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { branches, companies, responses, staffMembers, surveys } from '../../db/schema';
import type { ResponseRef } from '../../plugins/response-auth';
import { toQuestions, toSurvey } from '../../queries/config';
import type { SurveyRow } from '../../queries/context';
import { productNames } from '../../queries/products';

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
 * G7.1 What the suggestion is drafted from: the answers of a create payload (as stored: unknown
 * shape, read defensively), its survey's indicators and questions (survey language), the menu names
 * of the good dishes, the member thanked. survey.submit can call this before storing the response.
 */
export async function suggestionInputOf(
  db: Db,
  company: SuggestionCompany,
  surveyRow: SurveyRow,
  storedPayload: unknown,
): Promise<LoadedSuggestionInput> {
  const companyId = company.id;
  const survey = toSurvey(surveyRow);
  const payload = storedPayloadSchema.parse(storedPayload ?? {});
  // The language the guest was served in: the survey's, if the company offers it (O3.10).
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
      questions: toQuestions(surveyRow),
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
  surveyRow: SurveyRow,
  storedPayload: unknown,
): Promise<boolean> {
  const { input, enabled } = await suggestionInputOf(db, company, surveyRow, storedPayload);
  return enabled && canSuggestReview(input);
}

/** The suggestion input of a stored response the caller holds the credentials of. */
export async function loadSuggestionInput(db: Db, ref: ResponseRef): Promise<LoadedSuggestionInput> {
  const rows = await db
    .select({ payload: responses.payload, survey: surveys, languages: companies.languages })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .innerJoin(companies, eq(companies.id, responses.companyId))
    .where(eq(responses.id, ref.id))
    .limit(1);
  const row = rows[0];
  // requireResponse has just read this row; a concurrent delete leaves nothing to draft from.
  if (!row) throw new Error(`response ${ref.id} disappeared`);
  return suggestionInputOf(db, { id: ref.companyId, languages: row.languages }, row.survey, row.payload);
}
