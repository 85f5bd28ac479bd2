import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CreatePayload,
  type IssuedVoucher,
  type SubmitResponse,
  VoucherType,
} from '@venue-voice/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { apiFailure, fakeApi, renderApp, venueConfig } from '../../test/render-app';
import { emptySession, type GuestSession, useGuestSession } from '../session/session-store';

const GUID = '8d5c1a56-1c8e-4c62-9a59-0d6f2f4b2f11';

const payload: CreatePayload = {
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
};

const voucher = (changes: Partial<IssuedVoucher> = {}): IssuedVoucher => ({
  id: 1,
  type: VoucherType.INCENTIVE,
  code: 'BISTRO-7Q2K',
  name: '10% off your next visit',
  description: 'Show this code when you order.',
  scratched: true,
  ...changes,
});

const answer = (given: IssuedVoucher | null = null): SubmitResponse => ({
  id: 41,
  secret: 's3cret',
  is_ai_valid: true,
  voucher: given,
});

/** The session as the questions screen leaves it: survey finished, payload stored. */
function finishedSession(changes: Partial<GuestSession> = {}): GuestSession {
  return {
    ...emptySession,
    slug: 'demo-bistro',
    config: venueConfig(),
    branchId: 1,
    guid: GUID,
    surveyInProgress: 1,
    createPayload: payload,
    ...changes,
  };
}

function renderThankYou(session: GuestSession, api: WebApi) {
  useGuestSession.setState(session);
  return renderApp('/thank-you', api);
}

beforeAll(() => {
  // jsdom has no canvas drawing; the scratch card only needs the element and its pointer events.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterAll(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
});

describe('thank-you step: submitting the survey (G7, G8)', () => {
  it('says it is submitting, sends the stored payload at the branch, then thanks the guest', async () => {
    let answerWith: (value: SubmitResponse) => void = () => {};
    const submitSurvey = vi.fn(
      () =>
        new Promise<SubmitResponse>((resolve) => {
          answerWith = resolve;
        }),
    );
    const api = fakeApi({ submitSurvey });
    renderThankYou(finishedSession(), api);

    const wait = await screen.findByText('Submitting your survey. Please wait…');
    expect(wait.closest('[role="status"]')).not.toBeNull();
    expect(api.submitSurvey).toHaveBeenCalledTimes(1);
    expect(api.submitSurvey).toHaveBeenCalledWith('demo-bistro', 'en-gb', 1, 1, payload);

    act(() => answerWith(answer()));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Your feedback has been sent.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your voucher' })).not.toBeInTheDocument();
    const stored = useGuestSession.getState();
    expect(stored.submitted).toEqual(answer());
    expect(stored.surveyInProgress).toBeNull();
  });

  it('G8: a failure says so with a retry, and the retry sends the same guid', async () => {
    const user = userEvent.setup();
    const submitSurvey = vi
      .fn<WebApi['submitSurvey']>()
      .mockRejectedValueOnce(apiFailure(503, 10021))
      .mockResolvedValueOnce(answer());
    const api = fakeApi({ submitSurvey });
    renderThankYou(finishedSession(), api);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not send your survey. Please check your connectivity and try again.',
    );
    expect(useGuestSession.getState().surveyInProgress).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });
    expect(api.submitSurvey).toHaveBeenCalledTimes(2);
    const guids = vi.mocked(api.submitSurvey).mock.calls.map((call) => call[4].guid);
    expect(guids).toEqual([GUID, GUID]);
  });

  it('G8: a refusal a retry cannot change shows the server message meant for the guest, with no retry', async () => {
    const used = Object.assign(apiFailure(409, 10031, 'This receipt has already been used for feedback'), {
      ui: true,
    });
    const api = fakeApi({ submitSurvey: async () => Promise.reject(used) });
    renderThankYou(finishedSession(), api);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This receipt has already been used for feedback',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your feedback was not sent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(useGuestSession.getState().submitted).toBeNull();
  });

  it('does not submit twice after a reload once the server has answered', async () => {
    const api = fakeApi({ submitSurvey: async () => answer() });
    const first = renderThankYou(finishedSession(), api);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });
    first.unmount();
    cleanup();

    // A reload: the store comes back from sessionStorage with the answer (emptying the store writes
    // through to storage, so the stored copy is put back first).
    const key = useGuestSession.persist.getOptions().name ?? '';
    const saved = sessionStorage.getItem(key) ?? '';
    useGuestSession.setState(emptySession);
    sessionStorage.setItem(key, saved);
    await useGuestSession.persist.rehydrate();
    expect(useGuestSession.getState().submitted?.id).toBe(41);
    renderApp('/thank-you', api);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });
    expect(api.submitSurvey).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a finished survey, and leaves for the venue entry', async () => {
    const api = fakeApi();
    const { router } = renderThankYou(finishedSession({ createPayload: null }), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-bistro'));
    expect(api.submitSurvey).not.toHaveBeenCalled();
  });
});

describe('thank-you step: the voucher (G4.60–G4.62)', () => {
  it('G4.60: a voucher issued already scratched shows its name, description and code at once', async () => {
    renderThankYou(finishedSession(), fakeApi({ submitSurvey: async () => answer(voucher()) }));
    const region = await screen.findByRole('region', { name: 'Your voucher' });
    expect(within(region).getByText('10% off your next visit')).toBeVisible();
    expect(within(region).getByText('Show this code when you order.')).toBeInTheDocument();
    expect(within(region).getByText('BISTRO-7Q2K')).toBeInTheDocument();
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('G4.62: an unscratched voucher is under a scratch card; Reveal shows the code by keyboard', async () => {
    const user = userEvent.setup();
    const covered = voucher({ type: VoucherType.INSTANT_WIN, scratched: false, code: 'WIN-0042' });
    renderThankYou(finishedSession(), fakeApi({ submitSurvey: async () => answer(covered) }));
    const region = await screen.findByRole('region', { name: 'Your voucher' });
    expect(
      within(region).getByRole('img', { name: /Scratch card covering your voucher/ }),
    ).toBeInTheDocument();
    // Hidden from assistive technology until revealed.
    expect(within(region).getByText('WIN-0042').closest('[aria-hidden="true"]')).not.toBeNull();

    const reveal = within(region).getByRole('button', { name: 'Reveal' });
    reveal.focus();
    await user.keyboard('{Enter}');
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
    const code = within(region).getByText('WIN-0042');
    expect(code.closest('[aria-hidden="true"]')).toBeNull();
    expect(code.closest('.voucher__details')).toHaveFocus();
    // Kept revealed for a reload.
    expect(useGuestSession.getState().submitted?.voucher?.scratched).toBe(true);
  });

  it('G4.62: scratching half of the 480×240 card with a pointer reveals it', async () => {
    const covered = voucher({ scratched: false });
    renderThankYou(finishedSession(), fakeApi({ submitSurvey: async () => answer(covered) }));
    const card = await screen.findByRole('img', { name: /Scratch card/ });
    // Shown at its own size, so screen pixels are card pixels.
    vi.spyOn(card, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 480, 240));
    fireEvent.pointerDown(card, { clientX: 10, clientY: 10, pointerId: 1 });
    // A stroke across the top third: not yet half.
    for (let x = 10; x <= 470; x += 20)
      fireEvent.pointerMove(card, { clientX: x, clientY: 20, pointerId: 1 });
    expect(screen.getByRole('img', { name: /Scratch card/ })).toBeInTheDocument();
    for (const y of [60, 100, 140]) {
      for (let x = 10; x <= 470; x += 20)
        fireEvent.pointerMove(card, { clientX: x, clientY: y, pointerId: 1 });
    }
    await waitFor(() => expect(screen.queryByRole('img', { name: /Scratch card/ })).not.toBeInTheDocument());
    expect(screen.getByText('BISTRO-7Q2K')).toBeVisible();
  });
});
