import {
  AspectRating,
  type CreatePayload,
  createFaults,
  csatScore,
  type Language,
  npsGroup,
  npsScore,
} from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/db/seed/demo-company';
import { DEMO_PRODUCTS } from '../src/db/seed/demo-menu';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { COMMENTS } from '../src/db/seed/synthetic-comments';
import { type SyntheticOptions, syntheticResponses } from '../src/db/seed/synthetic-responses';

// The synthetic history of `npm run seed:responses` (decision 0236): deterministic, plausible, and every
// answer one the guest's screens could send.

const NOW = new Date('2026-11-27T12:00:00Z');
const LANGUAGES: Language[] = ['en-gb', 'de', 'it', 'es'];
const options = (count: number, seed = 7): SyntheticOptions => ({
  count,
  seed,
  now: NOW,
  days: 730,
  languages: LANGUAGES,
});
const generate = (o: SyntheticOptions) => [...syntheticResponses(o)];
const payloadOf = (row: { payload: unknown }) => row.payload as CreatePayload;
const surveyOf = (id: number) => DEMO_SURVEYS.find((s) => s.id === id) as (typeof DEMO_SURVEYS)[number];
/** The UTC instant of a venue-local `YYYY-MM-DD HH:mm:ss` read as UTC (the demo's venues are in London). */
const instant = (local: string) => new Date(`${local.replace(' ', 'T')}Z`).getTime();

// One big sample for the shares: 20,000 responses over two years.
const SAMPLE = generate(options(20_000));
const share = (predicate: (r: (typeof SAMPLE)[number]) => boolean, of = SAMPLE) =>
  of.filter(predicate).length / of.length;

describe('the synthetic history (seed:responses)', () => {
  it('gives the same responses for the same seed and count, others for another seed or count, in visit order', () => {
    const run = generate(options(300));
    expect(generate(options(300))).toEqual(run);
    const guids = (rows: typeof run) => rows.map((r) => r.row.guid);
    const other = generate(options(300, 8));
    expect(other.map((r) => r.row.visitDatetime)).not.toEqual(run.map((r) => r.row.visitDatetime));
    // Another run (seed or count) stores its own responses; the same run twice stores them once.
    expect(guids(other).some((g) => guids(run).includes(g))).toBe(false);
    expect(guids(generate(options(301))).some((g) => guids(run).includes(g))).toBe(false);
    const days = SAMPLE.map((r) => r.row.visitDatetime.slice(0, 10));
    expect(days).toEqual([...days].sort());
  });

  it('gives every response its own guid, across seeds too', () => {
    const guids = [...SAMPLE, ...generate(options(5_000, 8))].map((r) => r.row.guid);
    expect(new Set(guids).size).toBe(guids.length);
  });

  it('sends only answers the survey accepts (createFaults finds nothing), with CSAT and NPS the domain computes', () => {
    for (const { row } of SAMPLE.filter((_, i) => i % 10 === 0)) {
      const survey = surveyOf(row.surveyId);
      const payload = payloadOf(row);
      // As the server would have checked it: when the guest sent it, a minute after completing.
      const sentAt = new Date(instant(payload.surveyCompleted) + 60_000);
      expect(createFaults(survey.definition, survey.questions, payload, sentAt)).toEqual([]);
      const scores = Object.fromEntries(payload.answers.indicators.map((i) => [i.id, i.score]));
      expect(row.csatScore).toBe(csatScore(survey.definition.indicators, scores));
      expect(row.npsScore).toBe(npsScore(survey.definition.indicators, scores));
      expect(survey.branchIds).toContain(row.branchId);
    }
  });

  it('skews NPS positive: about 55 % promoters, 25 % passives, 20 % detractors', () => {
    const answered = SAMPLE.filter((r) => r.row.npsScore !== null);
    // Only demo-bistro asks it: about half of all responses.
    expect(answered.length).toBeGreaterThan(SAMPLE.length * 0.45);
    expect(answered.every((r) => r.row.surveyId === 1)).toBe(true);
    const group = (g: string) => share((r) => npsGroup(r.row.npsScore as number) === g, answered);
    expect(group('promoter')).toBeGreaterThan(0.5);
    expect(group('promoter')).toBeLessThan(0.6);
    expect(group('passive')).toBeGreaterThan(0.21);
    expect(group('passive')).toBeLessThan(0.29);
    expect(group('detractor')).toBeGreaterThan(0.16);
    expect(group('detractor')).toBeLessThan(0.24);
    // The pop-up (no NPS question there) does worse than Manchester: its mean CSAT is lower.
    const meanCsat = (branch: number) => {
      const scores = SAMPLE.filter((r) => r.row.branchId === branch).map((r) => r.row.csatScore as number);
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    expect(meanCsat(2)).toBeGreaterThan(meanCsat(3) + 3);
  });

  it('dates visits in the last two years, never today or later, busiest on Friday and Saturday evenings and in summer', () => {
    const today = Date.UTC(2026, 10, 27);
    const visits = SAMPLE.map((r) => instant(r.row.visitDatetime));
    expect(Math.max(...visits)).toBeLessThan(today);
    expect(Math.min(...visits)).toBeGreaterThanOrEqual(today - 730 * 86_400_000);
    const weekday = (ms: number) => new Date(ms).getUTCDay();
    const fridaySaturday = share((r) => [5, 6].includes(weekday(instant(r.row.visitDatetime))));
    expect(fridaySaturday).toBeGreaterThan(0.36); // 2/7 would be 0.29
    const evening = (days: number[]) => {
      const on = SAMPLE.filter((r) => days.includes(weekday(instant(r.row.visitDatetime))));
      return share((r) => new Date(instant(r.row.visitDatetime)).getUTCHours() >= 18, on);
    };
    expect(evening([5, 6])).toBeGreaterThan(evening([1, 2, 3, 4]) + 0.05);
    const month = (m: number) => share((r) => new Date(instant(r.row.visitDatetime)).getUTCMonth() === m);
    expect(month(6) / 31).toBeGreaterThan((month(1) / 28) * 1.15); // July against February, per day
  });

  it('answers in the company’s languages, mostly its first, with comments in that language', () => {
    expect(share((r) => r.row.language === 'en-gb')).toBeGreaterThan(0.75);
    expect(share((r) => r.row.language === 'en-gb')).toBeLessThan(0.85);
    for (const language of LANGUAGES) expect(share((r) => r.row.language === language)).toBeGreaterThan(0.03);
    const only = generate({ ...options(200), languages: ['de'] });
    expect(new Set(only.map((r) => r.row.language))).toEqual(new Set(['de']));
    for (const { row } of SAMPLE.slice(0, 3_000)) {
      const corpus = Object.values(COMMENTS[row.language as Language]).flat() as string[];
      for (const text of writtenTexts(payloadOf(row))) {
        expect(corpus.some((line) => line === text || line.includes('{name}'))).toBe(true);
      }
    }
  });

  it('comes from the web and from tablets, with complaints and comments from some guests', () => {
    expect(share((r) => r.row.authType === 'web')).toBeGreaterThan(0.6);
    expect(share((r) => r.row.authType === 'app')).toBeGreaterThan(0.3);
    expect(share((r) => r.row.triggerComplaint === true)).toBeGreaterThan(0.03);
    expect(share((r) => r.row.triggerComplaint === true)).toBeLessThan(0.15);
    expect(share((r) => writtenTexts(payloadOf(r.row)).length > 0)).toBeGreaterThan(0.3);
  });

  it('rates demo food dishes with reasons from the rating’s own section, better for happier guests', () => {
    const food = new Set(DEMO_PRODUCTS.filter((p) => p.type === 1).map((p) => p.ref));
    const sections = surveyOf(1).questions.find((q) => q.id === 110)?.menuInsight?.reasonSections ?? [];
    const good = { promoter: { good: 0, all: 0 }, detractor: { good: 0, all: 0 } };
    for (const { row } of SAMPLE) {
      const dishes = payloadOf(row).answers.questions.flatMap((q) => q.answer.extra?.menuInsight ?? []);
      for (const dish of dishes) {
        expect(food.has(dish.ref)).toBe(true);
        const offered = sections
          .find((s) => s.aspectRatingId === dish.aspectRatingId)
          ?.reasons.map((r) => r.id);
        for (const reason of dish.reasons) expect(offered).toContain(reason);
        const group = npsGroup(row.npsScore as number);
        if (group === 'passive') continue;
        good[group].all += 1;
        if (dish.aspectRatingId === AspectRating.GOOD) good[group].good += 1;
      }
    }
    expect(good.promoter.good / good.promoter.all).toBeGreaterThan(0.6);
    expect(good.detractor.good / good.detractor.all).toBeLessThan(0.35);
  });

  it('names only active front-of-house and bar staff of the response’s branch, on a good service score', () => {
    const named = SAMPLE.filter((r) => r.row.staffId !== null);
    expect(named.length).toBeGreaterThan(SAMPLE.length * 0.15);
    for (const { row } of named) {
      const member = DEMO_STAFF.find((m) => m.id === row.staffId);
      expect(member?.branchId).toBe(row.branchId);
      expect(member?.status).toBe(1);
      expect([1, 2]).toContain(member?.teamId);
      const service = payloadOf(row).answers.indicators.find((i) => i.id === 2)?.score ?? 0;
      expect(service).toBeGreaterThanOrEqual(4);
      expect(payloadOf(row).staff).toMatchObject({ renderType: 1, staffId: row.staffId });
    }
  });
});

/** Every text the guest wrote in a payload (comments, boxes, dish and staff notes); not postcodes. */
function writtenTexts(payload: CreatePayload): string[] {
  const texts: string[] = [];
  for (const { id, answer } of payload.answers.questions) {
    if (answer.text && id !== 125) texts.push(answer.text);
    for (const choice of answer.choices ?? [])
      if (typeof choice === 'string' && choice !== '' && choice !== 'yes' && choice !== 'no')
        texts.push(choice);
    for (const dish of answer.extra?.menuInsight ?? []) if (dish.comment) texts.push(dish.comment);
    for (const service of answer.extra?.services ?? [])
      for (const sub of service.answers) if (typeof sub.value === 'string') texts.push(sub.value);
  }
  if (payload.staff?.renderType === 1)
    for (const sub of payload.staff.subQuestions)
      if (sub.question_type === 'text') texts.push(...sub.answers.map(String));
  return texts;
}
