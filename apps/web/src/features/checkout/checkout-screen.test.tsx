import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SubmitResponse, VoucherType } from '@venue-voice/domain';
import { describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { useGuestSession } from '../../shared/session/session-store';
import { GUID } from '../../test/after-survey';
import { apiFailure, fakeApi, renderApp, venueConfig } from '../../test/render-app';
import {
  answer,
  captureConfig,
  finishedSession,
  payload,
  reloadSession,
  renderStep,
  setUpStepTests,
  voucher,
} from './checkout-fixtures';

const events = () => (window.dataLayer ?? []).map((entry) => (entry as { event: string }).event);
const sentHeading = () => screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });

setUpStepTests();

describe('checkout: sending the survey (G7, G8)', () => {
  it('says it is submitting, sends the stored payload once at the branch, then shows it was sent', async () => {
    let answerWith: (value: SubmitResponse) => void = () => {};
    const submitSurvey = vi.fn(
      () =>
        new Promise<SubmitResponse>((resolve) => {
          answerWith = resolve;
        }),
    );
    const api = fakeApi({ submitSurvey });
    renderStep('/checkout', finishedSession(), api);

    const wait = await screen.findByText('Submitting your survey. Please wait…');
    expect(wait.closest('[role="status"]')).not.toBeNull();
    // React runs the submitting effect after the paint that shows the text: wait for it, or this test's
    // request (never answered if the test stopped here) would stay in flight for every later test's guid.
    await waitFor(() => expect(api.submitSurvey).toHaveBeenCalledTimes(1));
    // No VITE_RECAPTCHA_SITE_KEY in tests: no bot-protection script, no token (decision 0200).
    expect(api.submitSurvey).toHaveBeenCalledWith('demo-bistro', 'en-gb', 1, 1, payload, null);
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    expect(events()).not.toContain('submit-survey');

    act(() => answerWith(answer()));
    expect(await sentHeading()).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Your voucher' })).not.toBeInTheDocument();
    const stored = useGuestSession.getState();
    expect(stored.submitted).toEqual(answer());
    expect(stored.surveyInProgress).toBeNull();
    expect(events().filter((event) => event === 'submit-survey')).toHaveLength(1);
  });

  it('G8: a failure says so with a retry, and the retry sends the same guid', async () => {
    const user = userEvent.setup();
    const submitSurvey = vi
      .fn<WebApi['submitSurvey']>()
      .mockRejectedValueOnce(apiFailure(503, 10021))
      .mockResolvedValueOnce(answer());
    const api = fakeApi({ submitSurvey });
    renderStep('/checkout', finishedSession(), api);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not send your survey. Please check your connectivity and try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your feedback was not sent' })).toBeInTheDocument();
    expect(useGuestSession.getState().surveyInProgress).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await sentHeading();
    const guids = vi.mocked(api.submitSurvey).mock.calls.map((call) => call[4].guid);
    expect(guids).toEqual([GUID, GUID]);
  });

  it('G8: a refusal a retry cannot change shows the server message meant for the guest, with no retry', async () => {
    const used = Object.assign(apiFailure(409, 10031, 'This receipt has already been used for feedback'), {
      ui: true,
    });
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey: async () => Promise.reject(used) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This receipt has already been used for feedback',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(useGuestSession.getState().submitted).toBeNull();
  });

  it('G8: a refusal not meant for the guest shows the generic message', async () => {
    const refused = apiFailure(400, 10009, 'payload.answers: Invalid input');
    renderStep(
      '/checkout',
      finishedSession(),
      fakeApi({ submitSurvey: async () => Promise.reject(refused) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem with the server response',
    );
    expect(screen.queryByText(/payload\.answers/)).not.toBeInTheDocument();
  });

  it('does not send again after a reload once the server has answered, and keeps the voucher', async () => {
    const api = fakeApi({ submitSurvey: async () => answer(voucher()) });
    const first = renderStep('/checkout', finishedSession(), api);
    await sentHeading();
    first.unmount();
    cleanup();

    await reloadSession();
    expect(useGuestSession.getState().submitted?.id).toBe(41);
    renderApp('/checkout', api);
    await sentHeading();
    expect(await screen.findByText('BISTRO-7Q2K')).toBeInTheDocument();
    expect(api.submitSurvey).toHaveBeenCalledTimes(1);
    expect(events().filter((event) => event === 'submit-survey')).toHaveLength(1);
  });

  it('G2.41: sends nothing without a finished survey, and leaves for the venue entry', async () => {
    const api = fakeApi();
    const { router } = renderStep('/checkout', finishedSession({ createPayload: null }), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-bistro'));
    expect(api.submitSurvey).not.toHaveBeenCalled();
  });

  it('G2.40: without data capture, Continue goes on to /upload', async () => {
    const user = userEvent.setup();
    const { visited } = renderStep(
      '/checkout',
      finishedSession(),
      fakeApi({ submitSurvey: async () => answer() }),
    );
    await sentHeading();
    expect(screen.queryByRole('region', { name: 'Stay in touch' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/upload'));
  });

  it('data capture turned off by the survey is not asked for, even when the company section is on', async () => {
    const config = { ...captureConfig(), surveys: venueConfig().surveys };
    renderStep('/checkout', finishedSession({ config }), fakeApi({ submitSurvey: async () => answer() }));
    await sentHeading();
    expect(screen.queryByRole('region', { name: 'Stay in touch' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it("O15.34 the survey's own marketing permission (served in the guest's language) replaces the company's", async () => {
    const base = captureConfig();
    const own = 'Ich möchte über Angebote informiert werden.';
    const config = {
      ...base,
      surveys: base.surveys?.map((survey) => ({
        ...survey,
        dataCapture: { enabled: true, marketingPermissionText: own },
      })),
    };
    renderStep('/checkout', finishedSession({ config }), fakeApi({ submitSurvey: async () => answer() }));
    await sentHeading();
    expect(screen.getByRole('checkbox', { name: own })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /hear about offers/ })).not.toBeInTheDocument();
  });

  it("O15.34 without a text of the survey's own, the company's marketing permission is shown", async () => {
    renderStep(
      '/checkout',
      finishedSession({ config: captureConfig() }),
      fakeApi({ submitSurvey: async () => answer() }),
    );
    await sentHeading();
    expect(
      screen.getByRole('checkbox', { name: /hear about offers and events from Demo Bistro/ }),
    ).toBeInTheDocument();
  });
});

describe('checkout: the voucher (G4.60–G4.62)', () => {
  it('G4.60: a voucher issued already scratched shows its name, description and code at once', async () => {
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey: async () => answer(voucher()) }));
    const region = await screen.findByRole('region', { name: 'Your voucher' });
    expect(within(region).getByText('10% off your next visit')).toBeVisible();
    expect(within(region).getByText('Show this code when you order.')).toBeInTheDocument();
    expect(within(region).getByText('BISTRO-7Q2K')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('G4.62: an unscratched voucher is under a scratch card; Reveal shows the code and is kept', async () => {
    const user = userEvent.setup();
    const covered = voucher({ type: VoucherType.INSTANT_WIN, scratched: false, code: 'WIN-0042' });
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey: async () => answer(covered) }));
    const region = await screen.findByRole('region', { name: 'Your voucher' });
    expect(within(region).getByText('WIN-0042').closest('[aria-hidden="true"]')).not.toBeNull();

    const reveal = within(region).getByRole('button', { name: 'Reveal' });
    reveal.focus();
    await user.keyboard('{Enter}');
    const code = within(region).getByText('WIN-0042');
    expect(code.closest('[aria-hidden="true"]')).toBeNull();
    expect(code.closest('.voucher__details')).toHaveFocus();
    expect(useGuestSession.getState().submitted?.voucher?.scratched).toBe(true);
  });

  it('G4.62: scratching half of the 480×240 card with a pointer reveals it', async () => {
    renderStep(
      '/checkout',
      finishedSession(),
      fakeApi({ submitSurvey: async () => answer(voucher({ scratched: false })) }),
    );
    const card = await screen.findByRole('img', { name: /Scratch card/ });
    vi.spyOn(card, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 480, 240));
    fireEvent.pointerDown(card, { clientX: 10, clientY: 10, pointerId: 1 });
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
