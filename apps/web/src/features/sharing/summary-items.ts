import {
  type GuestStaffMember,
  IndicatorKind,
  isYes,
  type Question,
  type QuestionAnswer,
  QuestionFormat,
  QuestionType,
  RATING_MAX,
  type ShareItem,
  SLIDER_MAX,
  StaffRenderType,
  sharingSummary,
  shownQuestions,
  staffFollowUps,
  thankedStaff,
} from '@venue-voice/domain';
import type { SurveyRun } from '../questions';
import { ratingLook } from '../questions';

/** An item of the sharing summary as the share screen shows it (G2, G4.63–G4.65). */
export interface SummaryItem extends ShareItem {
  /** What was rated or asked: an indicator's name or a question's text; null for the staff comment. */
  label: string | null;
  /** A score with its scale (5 for ratings, 10 for the recommend score). */
  score?: { value: number; max: number };
  /** A yes/no/why question's yes or no: the guest's "why" means something only beside it (G7.21). */
  answer?: 'yes' | 'no';
}

const TEXT_FORMATS: readonly number[] = [QuestionFormat.TEXT_SINGLE, QuestionFormat.TEXT_MULTIPLE];
const CHOICE_FORMATS: readonly number[] = [
  QuestionFormat.ONE_DROPDOWN,
  QuestionFormat.ONE_RADIO,
  QuestionFormat.ONE_CHECKBOX,
];

const comment = (label: string, raw: unknown): SummaryItem[] => {
  const text = typeof raw === 'string' ? raw.trim() : '';
  return text === '' ? [] : [{ type: 'comments', label, text }];
};

/** The guest's own words and ratings for one question (decision 0063 says which questions count). */
function questionItems(question: Question, answer: QuestionAnswer, run: SurveyRun): SummaryItem[] {
  if (answer.notApplicable === true || question.questionType === QuestionType.MENU_INSIGHT) return [];
  const format = question.otherQuestionsFormat;
  if (format !== null && CHOICE_FORMATS.includes(format)) return [];
  if (format === QuestionFormat.YES_NO_WHY) {
    const said = isYes(answer) ? 'yes' : 'no';
    return comment(question.text, answer.text).map((item) => ({ ...item, answer: said }));
  }
  if (format !== null && TEXT_FORMATS.includes(format)) return comment(question.text, answer.text);
  switch (question.commentMode) {
    case 'postcode':
      // A postcode is about the guest, not the visit: never put forward for sharing.
      return [];
    case 'positive_negative':
      return [...comment(question.text, answer.choices?.[0]), ...comment(question.text, answer.choices?.[1])];
    case 'comment':
      return comment(question.text, answer.text);
    default: {
      const value = answer.choices?.[0];
      if (typeof value !== 'number') return [];
      const look = ratingLook(run.engine.survey);
      const type = look === 'emoji' || look === 'customEmoji' ? 'emoji' : 'rating';
      return [{ type, label: question.text, score: { value, max: question.numberStars } }];
    }
  }
}

/** The scores the guest gave the survey's indicators, in the survey's order. */
function indicatorItems(run: SurveyRun): SummaryItem[] {
  return run.engine.survey.indicators.flatMap((indicator): SummaryItem[] => {
    const value = run.scores[indicator.id];
    if (value === undefined) return [];
    if (indicator.kind === IndicatorKind.NPS) {
      return [{ type: 'grade', label: indicator.name, score: { value, max: SLIDER_MAX } }];
    }
    const max = indicator.kind === IndicatorKind.SURVEY_RATING ? RATING_MAX : indicator.trueMax;
    return [{ type: 'indicators', label: indicator.name, score: { value, max } }];
  });
}

/**
 * The staff answer: the comment about the team, or the member the guest thanked (named from the
 * branch's team list) with their comment, else the tags chosen for them.
 */
function staffItems(run: SurveyRun, team: readonly GuestStaffMember[]): SummaryItem[] {
  const answer = run.staff;
  if (answer === null) return [];
  if (answer.renderType === StaffRenderType.TEXT) {
    return comment('', answer.description).map((item) => ({ ...item, type: 'staff', label: null }));
  }
  const member = team.find((candidate) => candidate.id === answer.staffId);
  if (!member) return [];
  const choices = staffFollowUps(run.engine.survey.staffSelector, member).tags ?? [];
  const thanked = thankedStaff(answer, member.displayName || member.fullName, choices);
  if (!thanked || thanked.name.trim() === '') return [];
  const text = thanked.comment?.trim() || thanked.tags.join(', ');
  return [{ type: 'staff', label: thanked.name, ...(text ? { text } : {}) }];
}

/**
 * Everything of the guest's answers that a summary may show, in the order they were given: indicator
 * scores, then the shown questions' ratings and comments, then the staff answer. The guest's answers
 * are shown as they are, low or high (no review gating: decision 0003). `team` is the branch's team
 * (survey.config's staff edge), which names a thanked member.
 */
export function summaryItems(run: SurveyRun, team: readonly GuestStaffMember[] = []): SummaryItem[] {
  const byId = new Map(run.engine.questions.map((question) => [question.id, question]));
  const questions = shownQuestions(run.engine).flatMap((id) => {
    const question = byId.get(id);
    const answer = run.engine.answers[id];
    return question && answer ? questionItems(question, answer, run) : [];
  });
  return [...indicatorItems(run), ...questions, ...staffItems(run, team)];
}

/** G4.64, G4.65: the summary shown: at most 5 items, or 4 without their text in compact mode. */
export function summaryOf(
  run: SurveyRun | null,
  compact: boolean,
  team: readonly GuestStaffMember[] = [],
): SummaryItem[] {
  return run === null ? [] : sharingSummary(summaryItems(run, team), compact);
}
