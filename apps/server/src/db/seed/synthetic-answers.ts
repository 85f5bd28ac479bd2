import {
  AspectRating,
  type CreatePayload,
  csatScore,
  EposProductType,
  passesIndicatorRule,
  type QuestionAnswer,
  type Random,
} from '@venue-voice/domain';
import { DEMO_BRANCHES, DEMO_STAFF } from './demo-company';
import { DEMO_FAMILY_GROUPS, DEMO_PRODUCTS } from './demo-menu';
import { DEMO_SURVEYS, type DemoSurvey } from './demo-surveys';
import type { CommentCorpus } from './synthetic-comments';
import { answer, cumulative, type Mood, one, picker, pickIndex, some, type Weighted } from './synthetic-draw';

// What a synthetic guest (decision 0236) answers: scores by mood, the questions its survey shows, the
// dishes it rates and the team member it thanks. Every answer is one the guest's screens could send.

/** A 1–5 rating given the guest's mood: promoters mostly 4–5, detractors mostly 1–3. */
export const RATING: Record<Mood, (random: Random) => number> = {
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
export const NPS: Record<Mood, (random: Random) => number> = {
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

/** Everything drawn for one guest before the payload is written. */
export interface Guest {
  random: Random;
  mood: Mood;
  texts: CommentCorpus;
  survey: DemoSurvey;
  branchId: number;
  scores: Record<number, number>;
}

/** demo-bistro's questions as this guest answers them: what is shown (questionMap) and answered. */
export function bistroAnswers(guest: Guest): { shown: number[]; answers: Record<number, QuestionAnswer> } {
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
export function staffAnswer(guest: Guest): Pick<CreatePayload, 'staff' | 'staffId'> {
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
export function commentAnswers(guest: Guest): { shown: number[]; answers: Record<number, QuestionAnswer> } {
  const { random, mood, texts } = guest;
  const id = (guest.survey.questions[0] as { id: number }).id;
  const writes = answer(random, mood === 'detractor' ? 0.6 : 0.3);
  const corpus = mood === 'promoter' ? texts.positive : mood === 'passive' ? texts.improve : texts.negative;
  return { shown: [id], answers: writes ? { [id]: { text: one(random, corpus) } } : {} };
}
