/** Shared test data of the checkout and thank-you screens (tests only). */
import {
  type CreatePayload,
  type DataCaptureSection,
  type IssuedVoucher,
  type SubmitResponse,
  VoucherType,
} from '@venue-voice/domain';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { VenueConfig, WebApi } from '../../platform/api';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { afterSurveySession, createPayload, submitAnswer } from '../../test/after-survey';
import { renderApp, venueConfig } from '../../test/render-app';

export const payload: CreatePayload = createPayload();

export const voucher = (changes: Partial<IssuedVoucher> = {}): IssuedVoucher => ({
  id: 1,
  type: VoucherType.INCENTIVE,
  code: 'BISTRO-7Q2K',
  name: '10% off your next visit',
  description: 'Show this code when you order.',
  scratched: true,
  ...changes,
});

export const answer = (given: IssuedVoucher | null = null): SubmitResponse =>
  submitAnswer({ voucher: given });

export const dataCaptureSection = (changes: Partial<DataCaptureSection> = {}): DataCaptureSection => ({
  enabled: true,
  marketingPermissionText: 'I would like to hear about offers and events from Demo Bistro.',
  ageConsent: '18',
  fields: ['name', 'email', 'phone', 'birthday', 'anniversary', 'postcode'],
  ...changes,
});

/** The demo config with data capture on (survey switch and company section) and the statics. */
export function captureConfig(section: DataCaptureSection = dataCaptureSection()): VenueConfig {
  return {
    ...venueConfig({ dataCapture: { enabled: true } }),
    data_capture: section,
    statics: {
      privacyNoticeVersion: '2.6',
      privacyPolicyUrl: 'https://example.com/privacy',
      copyright: '© Demo Hospitality Group',
      contactDataRetentionDays: 7,
    },
  };
}

/** The session as the questions screen leaves it: survey finished, payload stored. */
export const finishedSession = (changes: Partial<GuestSession> = {}): GuestSession =>
  afterSurveySession({ surveyInProgress: 1, createPayload: payload, ...changes });

/** The session once the create was answered (a guest arriving at a later step). */
export const sentSession = (changes: Partial<GuestSession> = {}): GuestSession =>
  finishedSession({ surveyInProgress: null, submitted: answer(), ...changes });

/** The hooks of the checkout and thank-you tests: an empty session and data layer before each. */
export function setUpStepTests(): void {
  beforeAll(() => {
    // jsdom has no canvas drawing; the scratch card only needs the element and its pointer events.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });

  beforeEach(() => {
    sessionStorage.clear();
    delete window.dataLayer;
    useGuestSession.setState(emptySession);
  });
}

/** Renders a path of the real route table with the session set, recording every path visited. */
export function renderStep(path: string, session: GuestSession, api: WebApi) {
  useGuestSession.setState(session);
  const view = renderApp(path, api);
  const visited: string[] = [];
  view.router.subscribe((state) => visited.push(state.location.pathname));
  return { ...view, visited };
}

/** A reload: the store comes back from sessionStorage (emptying it writes through, so put it back). */
export async function reloadSession(): Promise<void> {
  const key = useGuestSession.persist.getOptions().name ?? '';
  const saved = sessionStorage.getItem(key) ?? '';
  useGuestSession.setState(emptySession);
  sessionStorage.setItem(key, saved);
  await useGuestSession.persist.rehydrate();
}
