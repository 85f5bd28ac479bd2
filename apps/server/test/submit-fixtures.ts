import { randomUUID } from 'node:crypto';
import type { CreatePayload } from '@venue-voice/domain';
import type { FastifyInstance } from 'fastify';
import { call, web } from './harness';

/** A valid demo-bistro create payload; question 101 is the bistro's triggerComplaint drill-down. */
export function createPayload(overrides: Partial<CreatePayload> = {}): CreatePayload {
  return {
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
      csatScore: 72.4,
      npsScore: 9,
    },
    ...overrides,
  };
}

export const submitUrl = '/api/v1/survey/submit';

/** POST survey.submit create with web headers (demo-bistro) unless others are given. */
export const create = (
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = web(),
) => call(app, { method: 'POST', url: submitUrl, headers, payload: { type: 'create', payload } });

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
