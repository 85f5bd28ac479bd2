/**
 * The guest's state after the questions, shared by the tests of the later steps (checkout, thank-you,
 * sharing): the stored create payload, the create's answer and the session holding them.
 */
import type { CreatePayload, SubmitResponse } from '@venue-voice/domain';
import { emptySession, type GuestSession } from '../shared/session/session-store';
import { venueConfig } from './render-app';

export const GUID = '8d5c1a56-1c8e-4c62-9a59-0d6f2f4b2f11';

/** The create payload the questions screen stores: one indicator scored, nothing else answered. */
export const createPayload = (changes: Partial<CreatePayload> = {}): CreatePayload => ({
  guid: GUID,
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
  questionMap: [],
  answers: { questions: [], indicators: [{ id: 1, score: 5 }], csatScore: null, npsScore: null },
  ...changes,
});

/** The create's answer: response 41, no voucher unless given. */
export const submitAnswer = (changes: Partial<SubmitResponse> = {}): SubmitResponse => ({
  id: 41,
  secret: 's3cret',
  is_ai_valid: true,
  voucher: null,
  ...changes,
});

/** The demo bistro's session at branch 1 for the run `GUID`; the changes say how far the guest got. */
export const afterSurveySession = (changes: Partial<GuestSession> = {}): GuestSession => ({
  ...emptySession,
  slug: 'demo-bistro',
  config: venueConfig(),
  branchId: 1,
  guid: GUID,
  ...changes,
});
