import { AspectRating, type CreatePayload, positiveNegativeAnswer } from '@venue-voice/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PRODUCTS } from '../../src/db/seed/demo-menu';
import { call, web } from '../harness';
import { create, createPayload } from '../submit-fixtures';

/** The demo menu ref of a product name. */
export function refOf(name: string): string {
  const product = DEMO_PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`no demo product ${name}`);
  return product.ref;
}

/**
 * demo-bistro answers with plenty of positive facts and some negative ones that must never show:
 * Food 5, Service 4, Atmosphere 2 (low), NPS 10; Tomato soup good (Tasty, Well presented) and Chips
 * bad; Sam thanked with the tag Friendly; a positive box and a negative box; a yes "why". At branch 1
 * (?branchId=1): a guest picks a member only from a branch's list, and Sam is one of branch 1 (D3.18).
 */
export function happyAnswers(): Pick<
  CreatePayload,
  'answers' | 'staff' | 'staffId' | 'questionMap' | 'urlParams'
> {
  return {
    urlParams: { branchId: '1' },
    questionMap: [110, 120, 130],
    staffId: 2,
    staff: {
      renderType: 1,
      staffId: 2,
      subQuestions: [
        { question_type: 'tags', answers: [1] },
        { question_type: 'text', answers: ['Remembered our order'] },
      ],
    },
    answers: {
      indicators: [
        { id: 1, score: 5 },
        { id: 2, score: 4 },
        { id: 3, score: 2 },
        { id: 5, score: 10 },
      ],
      questions: [
        {
          id: 110,
          answer: {
            extra: {
              menuInsight: [
                {
                  ref: refOf('Tomato soup'),
                  aspectRatingId: AspectRating.GOOD,
                  reasons: [1, 2],
                  comment: 'Rich',
                },
                { ref: refOf('Chips'), aspectRatingId: AspectRating.BAD, reasons: [1] },
              ],
            },
          },
        },
        { id: 120, answer: { choices: ['yes'], text: 'A friend sent us' } },
        { id: 130, answer: positiveNegativeAnswer('Lovely terrace', 'Slow bar') },
      ],
      // createPayload puts the survey's own CSAT and NPS here (D3.15).
      csatScore: null,
      npsScore: null,
    },
  };
}

/** Only a low rating: nothing positive to draft from. */
export function unhappyAnswers(): Pick<CreatePayload, 'answers' | 'questionMap'> {
  return {
    questionMap: [110, 130],
    answers: {
      indicators: [
        { id: 1, score: 2 },
        { id: 2, score: 1 },
      ],
      questions: [
        {
          id: 110,
          answer: {
            extra: { menuInsight: [{ ref: refOf('Chips'), aspectRatingId: AspectRating.BAD, reasons: [] }] },
          },
        },
        { id: 130, answer: positiveNegativeAnswer('', 'Cold food') },
      ],
      csatScore: null,
      npsScore: null,
    },
  };
}

export interface Credentials {
  id: number;
  secret: string;
}

/** Creates a demo-bistro response through survey.submit and answers its credentials. */
export async function createResponse(
  app: FastifyInstance,
  overrides: Partial<CreatePayload>,
): Promise<Credentials> {
  const created = await create(app, createPayload(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.data.id, secret: created.body.data.secret };
}

export const withCredentials = (
  credentials: Credentials | null,
  headers: Record<string, string> = web(),
) => ({
  ...headers,
  ...(credentials
    ? { 'x-response-id': String(credentials.id), 'x-response-secret': credentials.secret }
    : {}),
});

/** GET survey.prompt. */
export const prompt = (
  app: FastifyInstance,
  credentials: Credentials | null,
  headers?: Record<string, string>,
) =>
  call(app, { method: 'GET', url: '/api/v1/survey/prompt', headers: withCredentials(credentials, headers) });
