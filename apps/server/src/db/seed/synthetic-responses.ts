import { createHash } from 'node:crypto';
import {
  AuthType,
  buildAnswers,
  type CreatePayload,
  feedbackAlertOf,
  IndicatorKind,
  type Language,
  managerFeedbackPassed,
  passesIndicatorRule,
  type Random,
  seededRandom,
} from '@venue-voice/domain';
import { canonicalHash, canonicalJson } from '../../services/responses/payload-hash';
import type { responses } from '../schema';
import { DEMO_COMPANY } from './demo-company';
import { DEMO_SURVEYS, type DemoSurvey } from './demo-surveys';
import { bistroAnswers, commentAnswers, type Guest, NPS, RATING, staffAnswer } from './synthetic-answers';
import { COMMENTS } from './synthetic-comments';
import { cumulative, DAY_MS, type Mood, one, picker, pickIndex } from './synthetic-draw';

// A made-up but plausible history for the demo company (issue 29 item 7, decision 0236): who came when,
// what they scored, which dishes and staff they named and what they wrote. Every answer is one the
// guest's screens could send for its survey (the domain's createFaults finds nothing wrong with it).

export interface SyntheticOptions {
  count: number;
  /** Same seed, count and `now` (its date): the same responses. */
  seed: number;
  /** The history ends the day before this instant's date (UTC), so no visit is in the future. */
  now: Date;
  /** How many days back the history reaches. */
  days: number;
  /** The company's languages (companies.languages); the first is the venue's own, the most used. */
  languages: readonly Language[];
}

/** A response as the writer stores it: its row, and its payload as the canonical JSON it was hashed from. */
export interface SyntheticResponse {
  row: Omit<typeof responses.$inferInsert, 'id' | 'createdAt'>;
  payloadJson: string;
}

export const DEFAULT_SYNTHETIC_SEED = 29;

// Branches by traffic, each with its own mood (the pop-up struggles, Manchester does well), and the
// surveys it runs by how often guests answer them.
const BRANCH = picker([
  [1, 0.45],
  [2, 0.35],
  [3, 0.2],
] as const);
const MOODS: Record<number, (random: Random) => Mood> = {
  1: picker<Mood>([
    ['promoter', 0.55],
    ['passive', 0.25],
    ['detractor', 0.2],
  ]),
  2: picker<Mood>([
    ['promoter', 0.6],
    ['passive', 0.24],
    ['detractor', 0.16],
  ]),
  3: picker<Mood>([
    ['promoter', 0.46],
    ['passive', 0.27],
    ['detractor', 0.27],
  ]),
};
const SURVEYS: Record<number, (random: Random) => number> = {
  1: picker([
    [1, 0.65],
    [2, 0.2],
    [3, 0.15],
  ]),
  2: picker([
    [1, 0.75],
    [2, 0.25],
  ]),
  3: picker([[3, 1]]),
};

// When guests come: Friday and Saturday busiest, summer and December busier, the business growing.
const WEEKDAY = [1.1, 0.7, 0.75, 0.85, 1.0, 1.45, 1.6]; // Sunday first, as getUTCDay
const seasonOf = (day: Date) => {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = (day.getTime() - start) / DAY_MS;
  const summer = 1 + 0.18 * Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365);
  return day.getUTCMonth() === 11 && day.getUTCDate() >= 8 ? summer * 1.3 : summer;
};
// Hours of a meal (lunch and dinner) and of a café (morning to afternoon); Friday and Saturday evenings
// run later and fuller.
const MEAL_HOURS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
const MEAL_WEIGHTS = [2, 8, 9, 5, 2, 2, 4, 8, 10, 8, 4, 1];
const CAFE_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
const CAFE_WEIGHTS = [6, 8, 7, 6, 7, 6, 5, 5, 4, 2];
const weekendEvening = (hours: number[], weights: number[]) =>
  weights.map((w, i) => ((hours[i] as number) >= 18 ? w * 1.7 : w) + ((hours[i] as number) >= 21 ? 2 : 0));
const HOURS = {
  meal: [cumulative(MEAL_WEIGHTS), cumulative(weekendEvening(MEAL_HOURS, MEAL_WEIGHTS))],
  cafe: [cumulative(CAFE_WEIGHTS), cumulative(weekendEvening(CAFE_HOURS, CAFE_WEIGHTS))],
} as const;

/** `YYYY-MM-DD HH:mm:ss` of a venue-local time held as UTC milliseconds. */
const localText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const WEB_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
];
const TABLET_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/**
 * The same guid for the same run (seed and count) and position, and others for another run: a UUID of
 * their hash. So the same run twice stores its responses once.
 */
export function syntheticGuid(run: Pick<SyntheticOptions, 'seed' | 'count'>, index: number): string {
  const key = `venue-voice-synthetic:${run.seed}:${run.count}:${index}`;
  const hex = createHash('md5').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The language a guest answers in: the venue's own for most, the others shared among the rest. */
function languagePicker(languages: readonly Language[]): (random: Random) => Language {
  const [first, ...others] = languages;
  if (!first) throw new Error('The company has no languages');
  if (others.length === 0) return () => first;
  return picker<Language>([[first, 0.8], ...others.map((l) => [l, 0.2 / others.length] as const)]);
}

/** The calendar of the period: each day's start (UTC ms of its local midnight) and how busy it is. */
function calendar(now: Date, days: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const starts = Array.from({ length: days }, (_, i) => today - (days - i) * DAY_MS);
  const weights = starts.map((start, i) => {
    const day = new Date(start);
    return (WEEKDAY[day.getUTCDay()] as number) * seasonOf(day) * (0.85 + (0.3 * i) / days);
  });
  return { starts, pick: cumulative(weights) };
}

/** One guest's response, on the day that starts at `dayStart` (UTC ms of its local midnight). */
function guestResponse(
  random: Random,
  options: SyntheticOptions,
  index: number,
  dayStart: number,
  language: (random: Random) => Language,
): SyntheticResponse {
  const branchId = BRANCH(random);
  const survey = DEMO_SURVEYS[(SURVEYS[branchId] as (random: Random) => number)(random) - 1] as DemoSurvey;
  const mood = (MOODS[branchId] as (random: Random) => Mood)(random);
  const lang = language(random);
  const guest: Guest = { random, mood, texts: COMMENTS[lang], survey, branchId, scores: {} };
  const rating = RATING[mood];
  for (const indicator of survey.definition.indicators) {
    if (indicator.kind === IndicatorKind.NPS) guest.scores[indicator.id] = NPS[mood](random);
    else if (indicator.isRequired || random() < 0.85) guest.scores[indicator.id] = rating(random);
  }
  // The visit: an hour by the kind of venue and the day of the week.
  const weekend = [5, 6].includes(new Date(dayStart).getUTCDay()) ? 1 : 0;
  const hours = survey.slug === 'demo-cafe' ? HOURS.cafe : HOURS.meal;
  const hourList = survey.slug === 'demo-cafe' ? CAFE_HOURS : MEAL_HOURS;
  const hour = hourList[pickIndex(random, hours[weekend] as number[])] as number;
  const visit = dayStart + hour * 3_600_000 + Math.floor(random() * 3600) * 1000;
  const started = visit + (45 + Math.floor(random() * 105)) * 60_000;
  const completed = started + (60 + Math.floor(random() * 240)) * 1000;
  const tablet = random() < 0.35;

  const { shown, answers } = survey.slug === 'demo-bistro' ? bistroAnswers(guest) : commentAnswers(guest);
  const { staffId, staff } = staffAnswer(guest);
  const definition = survey.definition;
  const complaint = feedbackAlertOf(survey.questions, shown, answers);
  const table = survey.tableNumberEntry && random() < 0.9 ? String(1 + Math.floor(random() * 20)) : null;
  const built = buildAnswers({
    survey: definition,
    questionMap: shown,
    answers,
    indicatorScores: guest.scores,
  });
  const payload: CreatePayload = {
    guid: syntheticGuid(options, index),
    visitDatetime: localText(visit),
    surveyStart: localText(started),
    surveyCompleted: localText(completed),
    pinCode: '',
    feedbackAlert: complaint,
    managerFeedbackIndicatorRulePassed: managerFeedbackPassed(definition, guest.scores),
    recommendationPermitted:
      definition.recommendation.enabled &&
      passesIndicatorRule(definition.recommendation.indicatorRule, guest.scores) &&
      random() < 0.5,
    userAgent: tablet ? TABLET_AGENT : one(random, WEB_AGENTS),
    staffId,
    urlParams: {},
    questionMap: shown,
    ...(table ? { url_params: { table_id: table } } : {}),
    answers: built,
    ...(staff ? { staff } : {}),
  };
  const payloadJson = canonicalJson(payload);
  return {
    row: {
      companyId: DEMO_COMPANY.id,
      branchId,
      surveyId: survey.id,
      guid: payload.guid,
      payloadHash: canonicalHash(payloadJson),
      payload,
      visitDatetime: payload.visitDatetime,
      authType: tablet ? AuthType.APP : AuthType.WEB,
      transactionId: null,
      staffId,
      tableId: table,
      csatScore: built.csatScore === null ? null : Math.round(built.csatScore),
      npsScore: built.npsScore === null ? null : Math.round(built.npsScore),
      feedbackAlert: complaint,
      triggerComplaint: complaint,
      managerFeedback: payload.managerFeedbackIndicatorRulePassed,
      recommendationPermitted: payload.recommendationPermitted,
      isAiValid: false,
      language: lang,
    },
    payloadJson,
  };
}

/**
 * The synthetic responses in visit-day order, one at a time so a million never sit in memory together.
 * How many fall on each day is drawn first (by how busy the day is), then each day's guests in turn:
 * a batch of the writer then touches a few days' rollup rows, not every day's.
 */
export function* syntheticResponses(options: SyntheticOptions): Generator<SyntheticResponse> {
  const random = seededRandom(options.seed);
  const days = calendar(options.now, options.days);
  const perDay = new Int32Array(options.days);
  const dayRandom = seededRandom(options.seed ^ 0x5bd1e995);
  for (let n = 0; n < options.count; n++) {
    const day = pickIndex(dayRandom, days.pick);
    perDay[day] = (perDay[day] as number) + 1;
  }
  const language = languagePicker(options.languages);
  let index = 0;
  for (let day = 0; day < options.days; day++) {
    const dayStart = days.starts[day] as number;
    for (let n = 0; n < (perDay[day] as number); n++) {
      yield guestResponse(random, options, index, dayStart, language);
      index++;
    }
  }
}
