import { randomUUID } from 'node:crypto';
import { type CreatePayload, csatScore, npsScore, type Random } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { branches, companies, surveyBranches, surveys, transactions } from '../src/db/schema';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import type { TestDatabaseTarget } from './databases';
import { call, type Harness, NOW, startHarness, web } from './harness';

/**
 * The CSAT and NPS the server computes (D3.15) for these scores, with the indicators of the first demo
 * survey that has all of them (demo-bistro for none).
 */
export function scoresOf(indicators: CreatePayload['answers']['indicators']) {
  const survey =
    DEMO_SURVEYS.find((demo) =>
      indicators.every(({ id }) => demo.definition.indicators.some((indicator) => indicator.id === id)),
    ) ?? DEMO_SURVEYS[0];
  const scores = Object.fromEntries(indicators.map(({ id, score }) => [id, score]));
  const all = survey?.definition.indicators ?? [];
  return { csatScore: csatScore(all, scores), npsScore: npsScore(all, scores) };
}

/**
 * A valid demo-bistro create payload; question 101 is the bistro's triggerComplaint drill-down. CSAT and
 * NPS follow the indicator scores (the server refuses any other, D3.15).
 */
export function createPayload(overrides: Partial<CreatePayload> = {}): CreatePayload {
  const payload: CreatePayload = {
    guid: randomUUID(),
    visitDatetime: '2025-06-14 17:30:00',
    surveyStart: '2025-06-14 18:20:00',
    surveyCompleted: '2025-06-14 18:25:00',
    pinCode: '',
    feedbackAlert: false,
    managerFeedbackIndicatorRulePassed: false,
    recommendationPermitted: true,
    userAgent: 'vitest',
    staffId: null,
    urlParams: {},
    questionMap: [101, 102],
    answers: {
      questions: [{ id: 102, answer: { text: 'Lovely evening' } }],
      indicators: [{ id: 1, score: 5 }],
      csatScore: null,
      npsScore: null,
    },
    ...overrides,
  };
  return { ...payload, answers: { ...payload.answers, ...scoresOf(payload.answers.indicators) } };
}

/** A valid demo-cafe (template 2) create: its two ratings, no question answered. */
export const cafePayload = (overrides: Partial<CreatePayload> = {}): CreatePayload =>
  createPayload({
    questionMap: [],
    answers: {
      questions: [],
      indicators: [
        { id: 11, score: 4 },
        { id: 12, score: 5 },
      ],
      csatScore: null,
      npsScore: null,
    },
    ...overrides,
  });

export const submitUrl = '/api/v1/survey/submit';

/** POST survey.submit create with web headers (demo-bistro) unless others are given. */
export const create = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = web()) =>
  call(app, { method: 'POST', url: submitUrl, headers, payload: { type: 'create', payload } });

/** POST survey.submit supplement with the response's credentials. */
export const supplement = (
  app: FastifyInstance,
  credentials: { id: number | string; secret: string } | null,
  payload: unknown,
  headers: Record<string, string> = web(),
) =>
  call(app, {
    method: 'POST',
    url: submitUrl,
    headers: {
      ...headers,
      ...(credentials
        ? { 'x-response-id': String(credentials.id), 'x-response-secret': credentials.secret }
        : {}),
    },
    payload: { type: 'supplement', payload },
  });

/** A second company (id 2) with branch 20, survey 20 (`other-cafe`) and a receipt (transaction 30). */
export async function addOtherCompany(db: Db): Promise<void> {
  const cafe = DEMO_SURVEYS.find((s) => s.slug === 'demo-cafe');
  if (!cafe) throw new Error('demo-cafe missing');
  await db.insert(companies).values({ id: 2, key: 'other', name: 'Other Group' });
  await db.insert(branches).values({ id: 20, companyId: 2, name: 'Other Cafe', locationId: 'LOC-20' });
  await db.insert(surveys).values({
    id: 20,
    companyId: 2,
    slug: 'other-cafe',
    name: 'Other Cafe',
    definition: { ...cafe.definition, templateId: 20, slug: 'other-cafe' },
    questions: cafe.questions,
  });
  await db.insert(surveyBranches).values({ surveyId: 20, branchId: 20 });
  await db.insert(transactions).values({ id: 30, branchId: 20, checkOpenTime: NOW, covers: 1 });
  // The ids above were chosen by hand: the sequences move past them, so a later insert never collides.
  for (const table of ['companies', 'branches', 'surveys', 'transactions']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
    );
  }
}

/** Like startHarness, with the app's random source chosen by the test (instant-win draws). */
export const startSubmitHarness = (target: TestDatabaseTarget, random: Random): Promise<Harness> =>
  startHarness(target, { random });
