// O5.9, O7.1–O7.4: the arithmetic of the dish report (issue 29 item 4). The server sums the daily
// rollups (report_day_dishes, report_day_dish_reasons); these rules turn the sums into what is shown.
import { z } from 'zod';
import { AspectRating, QuestionType } from '../enums';
import type { Question } from '../schemas/question';
import { enoughResponses } from './figures';
import { TREND_BUCKETS, type TrendBucket } from './periods';
import { reportQuerySchema } from './schemas';

/** How many guests rated a dish (or a group's dishes) bad, neutral and good. */
export interface DishCounts {
  bad: number;
  neutral: number;
  good: number;
}

/** Each rating's share of a dish's ratings, in percent to one decimal; null when nobody rated it. */
export interface DishShares {
  bad: number | null;
  neutral: number | null;
  good: number | null;
}

export const dishRatings = ({ bad, neutral, good }: DishCounts): number => bad + neutral + good;

/**
 * O5.9 A dish's good, neutral and bad shares: percent of its ratings, one decimal, rounded by the largest
 * remainder so the three always make exactly 100.0 (a stacked bar fills its width, and no reader adds
 * them to 99.9). Each share is within 0.1 of the exact one. Null over no ratings.
 */
export function dishShares(counts: DishCounts): DishShares {
  const total = dishRatings(counts);
  if (total === 0) return { bad: null, neutral: null, good: null };
  // In tenths of a percent: 1000 to share out; each part floored, then the tenths left go to the
  // largest remainders (equal remainders: the earlier part, bad before neutral before good).
  const parts = [counts.bad, counts.neutral, counts.good].map((count, index) => {
    const exact = (1000 * count) / total;
    return { index, tenths: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = 1000 - parts.reduce((sum, part) => sum + part.tenths, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0 || part.remainder === 0) break;
    part.tenths++;
    left--;
  }
  const [bad, neutral, good] = parts.map((part) => part.tenths / 10) as [number, number, number];
  return { bad, neutral, good };
}

/** O7.1 A dish row's figures: its ratings, counts, shares and whether they rest on enough ratings (O5.5). */
export function dishFigures(counts: DishCounts) {
  const ratings = dishRatings(counts);
  return { ratings, ...counts, shares: dishShares(counts), lowSample: !enoughResponses(ratings) };
}

/** O7.2 How many reasons a dish row lists: the most given. */
export const DISH_TOP_REASONS = 3;

/** A reason given for a dish: its rating (ids are the rating's own, G4.46), its id, its label, how often. */
export interface ReasonCount {
  rating: AspectRating;
  id: number;
  label: string | null;
  count: number;
}

const RATINGS: readonly AspectRating[] = [AspectRating.BAD, AspectRating.NEUTRAL, AspectRating.GOOD];

/**
 * O7.3 A survey's reason labels, by rating and id: a reason id means something only with its rating
 * (the demo's "1" is "Tasty" when good and "Cold" when bad). From its menu-insight questions' reason
 * sections and aspect ratings, in question order; the first label of a rating's id wins, as the guest's
 * dialog offers it (G4.46 dedupes by id, first section first).
 */
export function menuReasonLabels(questions: readonly Question[]): Map<string, string> {
  const labels = new Map<string, string>();
  const add = (rating: number, reasons: readonly { id: number; text: string }[]) => {
    for (const reason of reasons) {
      const key = reasonKey(rating, reason.id);
      if (!labels.has(key)) labels.set(key, reason.text);
    }
  };
  for (const question of questions) {
    if (question.questionType !== QuestionType.MENU_INSIGHT) continue;
    for (const rating of RATINGS) {
      for (const section of question.menuInsight?.reasonSections ?? [])
        if (section.aspectRatingId === rating) add(rating, section.reasons);
      for (const aspect of question.aspectRatings ?? [])
        if (aspect.aspectRatingId === rating) add(rating, aspect.reasons);
    }
  }
  return labels;
}

export const reasonKey = (rating: number, id: number): string => `${rating}:${id}`;

/**
 * O7.2 The reasons most given: counts of the same rating and label merged (one reason asked by two
 * surveys is one reason; a reason no survey names any more keeps its id and no label), most given
 * first, then bad before neutral before good, then by id; the first `top`.
 */
export function topReasons(reasons: readonly ReasonCount[], top = DISH_TOP_REASONS): ReasonCount[] {
  const merged = new Map<string, ReasonCount>();
  for (const reason of reasons) {
    const key = reason.label === null ? `${reason.rating}#${reason.id}` : `${reason.rating}=${reason.label}`;
    const seen = merged.get(key);
    if (seen) seen.count += reason.count;
    else merged.set(key, { ...reason });
  }
  return [...merged.values()]
    .filter((reason) => reason.count > 0)
    .sort((a, b) => b.count - a.count || a.rating - b.rating || a.id - b.id)
    .slice(0, top);
}

// The answers of the dish calls (issue 29 item 4), one schema for the server's OpenAPI and the console.

export const DISH_GROUPINGS = ['product', 'family', 'major'] as const;
export type DishGrouping = (typeof DISH_GROUPINGS)[number];

/** GET /console/reports/dishes's query: a report query and how to group. */
export const dishReportQuerySchema = reportQuerySchema.extend({
  group: z
    .enum(DISH_GROUPINGS)
    .default('product')
    .describe('One row per product, family group or major group'),
});
export type DishReportQuery = z.input<typeof dishReportQuerySchema>;

/** GET /console/reports/dishes/{ref}/trend's query: a report query and the bucket (O5.8). */
export const dishTrendQuerySchema = reportQuerySchema.extend({
  bucket: z.enum(TREND_BUCKETS as [TrendBucket, ...TrendBucket[]]).default('week'),
});

const sharesSchema = z.object({
  bad: z.number().nullable(),
  neutral: z.number().nullable(),
  good: z.number().nullable(),
});

const figuresShape = {
  ratings: z.number().int().describe('How many times the dish was rated'),
  bad: z.number().int(),
  neutral: z.number().int(),
  good: z.number().int(),
  shares: sharesSchema.describe('O5.9 percent of the ratings, one decimal, summing to 100'),
  lowSample: z.boolean().describe('O5.5 fewer than 5 ratings'),
};

const groupSchema = z.object({ ref: z.string(), name: z.string() });

export const reasonCountSchema = z.object({
  rating: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('1 bad, 2 neutral, 3 good'),
  id: z.number().int(),
  label: z.string().nullable().describe('Null when no survey names the reason any more'),
  count: z.number().int(),
});

/** One row of the dish report: a product (by its ref), or a family or major group (ref null: none). */
export const dishRowSchema = z.object({
  ref: z
    .string()
    .nullable()
    .describe('The product’s or group’s ref; null: products of no group, or off the menu'),
  name: z.string().nullable().describe('Null when the ref is no longer on the menu'),
  family: groupSchema.nullable(),
  major: groupSchema.nullable(),
  ...figuresShape,
  reasons: z.array(reasonCountSchema).describe('O7.2 the reasons most given'),
});
export type DishRow = z.infer<typeof dishRowSchema>;

export const dishReportSchema = z.object({
  group: z.enum(DISH_GROUPINGS),
  items: z.array(dishRowSchema).describe('Most rated first'),
});
export type DishReport = z.infer<typeof dishReportSchema>;

export const dishTrendPointSchema = z.object({ start: z.string(), ...figuresShape });

export const dishTrendSchema = z.object({
  ref: z.string(),
  name: z.string().nullable(),
  bucket: z.enum(TREND_BUCKETS as [TrendBucket, ...TrendBucket[]]),
  points: z.array(dishTrendPointSchema).describe('O7.4 every bucket of the period, oldest first'),
});
export type DishTrend = z.infer<typeof dishTrendSchema>;
