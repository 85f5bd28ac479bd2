import { createHash } from 'node:crypto';
import {
  AspectRating,
  AuthType,
  buildAnswers,
  type CreatePayload,
  csatScore,
  EposProductType,
  feedbackAlertOf,
  IndicatorKind,
  type Language,
  managerFeedbackPassed,
  passesIndicatorRule,
  type QuestionAnswer,
  type Random,
  seededRandom,
} from '@venue-voice/domain';
import { canonicalHash, canonicalJson } from '../../services/responses/payload-hash';
import type { responses } from '../schema';
import { DEMO_BRANCHES, DEMO_COMPANY, DEMO_STAFF } from './demo-company';
import { DEMO_FAMILY_GROUPS, DEMO_PRODUCTS } from './demo-menu';
import { DEMO_SURVEYS, type DemoSurvey } from './demo-surveys';
import { COMMENTS, type CommentCorpus } from './synthetic-comments';

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

type Mood = 'promoter' | 'passive' | 'detractor';
type Weighted<T> = readonly (readonly [T, number])[];

const DAY_MS = 86_400_000;

/** Cumulative weights of a list, for pick(). */
const cumulative = (weights: readonly number[]) => {
  let total = 0;
  return weights.map((w) => {
    total += w;
    return total;
  });
};

/** One of `items` by its weight (`cum` from cumulative over the weights). */
function pickIndex(random: Random, cum: readonly number[]): number {
  const target = random() * (cum[cum.length - 1] as number);
  let low = 0;
  let high = cum.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cum[mid] as number) > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

const picker = <T>(table: Weighted<T>) => {
  const cum = cumulative(table.map(([, w]) => w));
  return (random: Random): T => (table[pickIndex(random, cum)] as readonly [T, number])[0];
};
const one = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
/** `n` distinct items, in the list's order. */
const some = <T>(random: Random, items: readonly T[], n: number): T[] => {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
};

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

/** A 1–5 rating given the guest's mood: promoters mostly 4–5, detractors mostly 1–3. */
const RATING: Record<Mood, (random: Random) => number> = {
  promoter: picker([
    [2, 0.01],
    [3, 0.06],
    [4, 0.33],
    [5, 0.6],
  ]),
  passive: picker([
    [1, 0.02],
    [2, 0.08],
    [3, 0.35],
    [4, 0.45],
    [5, 0.1],
  ]),
  detractor: picker([
    [1, 0.22],
    [2, 0.3],
    [3, 0.3],
    [4, 0.15],
    [5, 0.03],
  ]),
};
const NPS: Record<Mood, (random: Random) => number> = {
  promoter: picker([
    [9, 0.45],
    [10, 0.55],
  ]),
  passive: picker([
    [7, 0.45],
    [8, 0.55],
  ]),
  detractor: picker([
    [0, 0.04],
    [1, 0.03],
    [2, 0.05],
    [3, 0.08],
    [4, 0.12],
    [5, 0.25],
    [6, 0.43],
  ]),
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
const POSTCODES = ['W1D', 'SE1', 'N1', 'E8', 'SW9', 'EC2A', 'M2', 'M4', 'M20', 'SK4'];

/** The food dishes guests rate, the popular families more often; a few dishes are weaker than the rest. */
const FOOD = DEMO_PRODUCTS.filter((p) => p.type === EposProductType.FOOD);
const FOOD_PICK = cumulative(
  FOOD.map((p) => DEMO_FAMILY_GROUPS.find((g) => g.id === p.familyGroupId)?.weight ?? 30),
);
const WEAK_DISHES = new Set(['Lasagne', 'Calamari', 'Pie of the week', 'Sweet potato fries']);
/** A dish's rating by the guest's food score (1–5): bad, neutral or good shares. */
const DISH_RATING: Record<number, Weighted<AspectRating>> = {
  1: [
    [AspectRating.BAD, 0.75],
    [AspectRating.NEUTRAL, 0.2],
    [AspectRating.GOOD, 0.05],
  ],
  2: [
    [AspectRating.BAD, 0.55],
    [AspectRating.NEUTRAL, 0.33],
    [AspectRating.GOOD, 0.12],
  ],
  3: [
    [AspectRating.BAD, 0.25],
    [AspectRating.NEUTRAL, 0.4],
    [AspectRating.GOOD, 0.35],
  ],
  4: [
    [AspectRating.BAD, 0.08],
    [AspectRating.NEUTRAL, 0.27],
    [AspectRating.GOOD, 0.65],
  ],
  5: [
    [AspectRating.BAD, 0.03],
    [AspectRating.NEUTRAL, 0.12],
    [AspectRating.GOOD, 0.85],
  ],
};
const DISH_RATINGS = Object.fromEntries(
  Object.entries(DISH_RATING).map(([food, table]) => [food, picker(table)]),
) as Record<number, (random: Random) => AspectRating>;

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

/** Everything drawn for one guest before the payload is written. */
interface Guest {
  random: Random;
  mood: Mood;
  texts: CommentCorpus;
  survey: DemoSurvey;
  branchId: number;
  scores: Record<number, number>;
}

const answer = (random: Random, chance: number) => random() < chance;

/** demo-bistro's questions as this guest answers them: what is shown (questionMap) and answered. */
function bistroAnswers(guest: Guest): { shown: number[]; answers: Record<number, QuestionAnswer> } {
  const { random, mood, texts, scores } = guest;
  const shown: number[] = [];
  const answers: Record<number, QuestionAnswer> = {};
  const ask = (id: number, given: QuestionAnswer | null) => {
    shown.push(id);
    if (given) answers[id] = given;
  };
  const food = scores[1] as number;
  // Drill-downs: the food let down (a complaint), the NPS too low, the visit outstanding.
  if (food <= 2) {
    const what = answer(random, 0.9)
      ? { choices: some(random, [1, 2, 3, 4, 5], 1 + Math.floor(random() * 2)) }
      : null;
    ask(101, what);
    if (what) ask(102, answer(random, 0.6) ? { text: one(random, texts.complaint) } : null);
  }
  const nps = scores[5] as number;
  if (nps <= 6) ask(103, answer(random, 0.85) ? { choices: [1 + Math.floor(random() * 4)] } : null);
  const csat = csatScore(guest.survey.definition.indicators, scores);
  if (csat !== null && csat >= 90)
    ask(104, answer(random, 0.4) ? { text: one(random, texts.special) } : null);
  // Menu insight: one to three dishes.
  ask(110, answer(random, 0.7) ? { extra: { menuInsight: dishes(guest, food) } } : null);
  // A few questions.
  ask(120, answer(random, 0.8) ? { choices: [random() < 0.3 ? 'yes' : 'no'] } : null);
  ask(121, answer(random, 0.75) ? { choices: [pickIndex(random, HEARD) + 1] } : null);
  const occasion = random();
  ask(
    122,
    occasion < 0.1
      ? { notApplicable: true }
      : occasion < 0.75
        ? { choices: [1 + Math.floor(random() * 4)] }
        : null,
  );
  ask(
    123,
    answer(random, 0.55) ? { choices: some(random, [1, 2, 3, 4], 1 + Math.floor(random() * 2)) } : null,
  );
  ask(125, answer(random, 0.25) ? { text: one(random, POSTCODES) } : null);
  ask(126, answer(random, 0.3) ? { extra: { services: services(guest) } } : null);
  // Comments: the positive and negative boxes (G7.7), more often from unhappy guests.
  const writes = answer(random, mood === 'detractor' ? 0.7 : mood === 'passive' ? 0.45 : 0.4);
  ask(130, writes ? { choices: boxes(random, mood, texts) } : null);
  return { shown, answers };
}
const HEARD = cumulative([30, 25, 20, 15, 10]);

function boxes(random: Random, mood: Mood, texts: CommentCorpus): string[] {
  if (mood === 'promoter') return [one(random, texts.positive), ''];
  if (mood === 'detractor')
    return [random() < 0.15 ? one(random, texts.positive) : '', one(random, texts.negative)];
  return [random() < 0.5 ? one(random, texts.positive) : '', one(random, texts.improve)];
}

function dishes(guest: Guest, food: number) {
  const { random, texts } = guest;
  const question = guest.survey.questions.find((q) => q.id === 110);
  const sections = question?.menuInsight?.reasonSections ?? [];
  const count = 1 + pickIndex(random, DISH_COUNT);
  return Array.from({ length: count }, () => {
    const product = FOOD[pickIndex(random, FOOD_PICK)] as (typeof FOOD)[number];
    // A weak dish is rated as if the food had been a point worse.
    const felt = WEAK_DISHES.has(product.name) ? Math.max(1, food - 1) : food;
    const rating = (DISH_RATINGS[felt] as (random: Random) => AspectRating)(random);
    const offered = sections.find((s) => s.aspectRatingId === rating)?.reasons.map((r) => r.id) ?? [];
    const reasons =
      rating === AspectRating.NEUTRAL && random() < 0.5
        ? []
        : some(random, offered, pickIndex(random, REASON_COUNT));
    const comment =
      random() < 0.15
        ? one(random, rating === AspectRating.GOOD ? texts.dishGood : texts.dishBad)
        : undefined;
    return { ref: product.ref, aspectRatingId: rating, reasons, ...(comment ? { comment } : {}) };
  });
}
const DISH_COUNT = cumulative([45, 35, 20]);
const REASON_COUNT = cumulative([25, 50, 25]);

function services(guest: Guest) {
  const { random, texts, scores } = guest;
  const ids = some(random, ['food', 'drinks', 'welcome'], 1 + Math.floor(random() * 3));
  return ids.map((id) => {
    const score = id === 'welcome' ? (scores[2] as number) : (scores[1] as number);
    const answers: { id: string; value: number | string | number[] }[] = [{ id: 'score', value: score }];
    if (id === 'food')
      answers.push({ id: 'liked', value: some(random, [1, 2, 3, 4], 1 + Math.floor(random() * 2)) });
    if (random() < 0.2)
      answers.push({ id: 'comment', value: one(random, score >= 4 ? texts.dishGood : texts.dishBad) });
    return { id, answers };
  });
}

/** The team member thanked (demo-bistro, a service score its rule lets through), with tags and a note. */
function staffAnswer(guest: Guest): Pick<CreatePayload, 'staff' | 'staffId'> {
  const { random, survey, scores, branchId, texts } = guest;
  const selector = survey.definition.staffSelector;
  const members = STAFF_BY_BRANCH.get(branchId);
  if (
    !selector.enabled ||
    !members ||
    !passesIndicatorRule(selector.indicatorRule, scores) ||
    random() >= 0.55
  )
    return { staffId: null };
  const member = members.list[pickIndex(random, members.pick)] as (typeof DEMO_STAFF)[number];
  const subQuestions: { question_type: string; answers: (number | string)[] }[] = [];
  if (random() < 0.8) {
    const tags = (selector.tags ?? []).map((t) => t.id);
    subQuestions.push({ question_type: 'tags', answers: some(random, tags, 1 + Math.floor(random() * 2)) });
  }
  if (random() < 0.25)
    subQuestions.push({
      question_type: 'text',
      answers: [one(random, texts.staff).replace('{name}', member.displayName)],
    });
  return { staffId: member.id, staff: { renderType: 1, staffId: member.id, subQuestions } };
}
// Guests thank the active members of the teams the selector lists (front of house and bar), weighted.
const GUEST_FACING = new Set(
  (DEMO_SURVEYS[0]?.definition.staffSelector.filters ?? []).flatMap((f) => (f.teamId ? [f.teamId] : [])),
);
const STAFF_BY_BRANCH = new Map(
  DEMO_BRANCHES.map((b) => {
    const list = DEMO_STAFF.filter(
      (m) => m.branchId === b.id && m.status === 1 && GUEST_FACING.has(m.teamId),
    );
    return [b.id, { list, pick: cumulative(list.map((m) => m.weight)) }] as const;
  }).filter(([, m]) => m.list.length > 0),
);

/** A short survey's one comment question (demo-cafe 201, demo-table 301). */
function commentAnswers(guest: Guest): { shown: number[]; answers: Record<number, QuestionAnswer> } {
  const { random, mood, texts } = guest;
  const id = (guest.survey.questions[0] as { id: number }).id;
  const writes = answer(random, mood === 'detractor' ? 0.6 : 0.3);
  const corpus = mood === 'promoter' ? texts.positive : mood === 'passive' ? texts.improve : texts.negative;
  return { shown: [id], answers: writes ? { [id]: { text: one(random, corpus) } } : {} };
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
