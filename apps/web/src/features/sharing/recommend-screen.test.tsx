import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialToasts, type PromptAnswer } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { setLanguage } from '../../platform/i18n';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp, venueConfig } from '../../test/render-app';
import { useToasts } from '../../ui/toasts';
import { useSharingStore } from './sharing-store';
import { finishedRun, sharingSurveyInput, submittedSession } from './test-fixtures';

const SUGGESTION = 'Food was excellent (5/5). I would recommend it.';
const suggested = async (): Promise<PromptAnswer> => ({ text: SUGGESTION, is_ai_valid: true });

function renderRecommend(api: WebApi, session: GuestSession = submittedSession(finishedRun())) {
  useGuestSession.setState(session);
  return renderApp('/recommend', api);
}

/** The analytics events pushed, screen views aside (the queue holds consent entries too). */
const events = () =>
  (window.dataLayer ?? []).flatMap((entry) => {
    const event = (entry as { event?: unknown }).event;
    return typeof event === 'string' && event !== 'screen-view' ? [event] : [];
  });

/** What a store keeps in sessionStorage, read before the store is emptied (emptying writes through). */
const saved = (name: string | undefined) => [name ?? '', sessionStorage.getItem(name ?? '') ?? ''] as const;

/** A reload: both stores come back from what sessionStorage held. */
async function reload() {
  cleanup();
  const session = saved(useGuestSession.persist.getOptions().name);
  const sharing = saved(useSharingStore.persist.getOptions().name);
  useGuestSession.setState(emptySession);
  useSharingStore.setState({ recommendation: null });
  sessionStorage.setItem(...session);
  sessionStorage.setItem(...sharing);
  await useGuestSession.persist.rehydrate();
  await useSharingStore.persist.rehydrate();
}

beforeEach(() => {
  sessionStorage.clear();
  // Toasts are app-wide: one left by an earlier test must not answer for this one.
  useToasts.setState({ state: initialToasts() });
  useSharingStore.setState({ recommendation: null });
  window.dataLayer = [];
});

afterEach(async () => {
  await setLanguage('en-gb');
});

describe('/recommend (G7, decision 0040)', () => {
  it('shows the suggestion in an editable box and records generate-ai-recommendation', async () => {
    const api = fakeApi({ prompt: suggested });
    renderRecommend(api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommend us' })).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Your review' });
    expect(box).toHaveValue(SUGGESTION);
    expect(api.prompt).toHaveBeenCalledWith('demo-bistro', 'en-gb', { id: 41, secret: 's3cret' });
    expect(events()).toEqual(['generate-ai-recommendation']);
    expect(screen.queryByText(/not enough information/)).not.toBeInTheDocument();
  });

  it('not enough information: the message and an empty box to write in', async () => {
    const api = fakeApi({
      prompt: async () => ({ text: 'There is not enough information…', is_ai_valid: false }),
    });
    renderRecommend(api);
    expect(
      await screen.findByText('There is not enough information to generate an informed response'),
    ).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your review' });
    expect(box).toHaveValue('');
    await userEvent.type(box, 'Kind staff');
    expect(box).toHaveValue('Kind staff');
    expect(events()).toEqual([]);
  });

  it('the message in the survey’s language', async () => {
    const api = fakeApi({ prompt: async () => ({ text: 'x', is_ai_valid: false }) });
    renderRecommend(api, {
      ...submittedSession(finishedRun()),
      config: venueConfig({ ...sharingSurveyInput, templateLocale: 'de' }),
    });
    expect(
      await screen.findByText('Es gibt nicht genügend Informationen, um eine fundierte Antwort zu erstellen'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Empfehlen Sie uns' })).toBeInTheDocument();
  });

  it('G8: a failed prompt is not shown; the guest gets an empty box', async () => {
    const api = fakeApi({
      prompt: async () => {
        throw apiFailure(500, 10001);
      },
    });
    renderRecommend(api);
    expect(await screen.findByRole('textbox', { name: 'Your review' })).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/not enough information/)).not.toBeInTheDocument();
  });

  it('keeps the guest’s edit across a reload without asking for a new suggestion', async () => {
    const api = fakeApi({ prompt: suggested });
    renderRecommend(api);
    const box = await screen.findByRole('textbox', { name: 'Your review' });
    await userEvent.clear(box);
    await userEvent.type(box, 'My own words');
    await reload();
    renderApp('/recommend', api);
    expect(await screen.findByRole('textbox', { name: 'Your review' })).toHaveValue('My own words');
    expect(api.prompt).toHaveBeenCalledTimes(1);
  });

  it('a new response in the same tab asks again instead of showing the last one’s text', async () => {
    useSharingStore.setState({
      recommendation: {
        responseId: 7,
        text: 'Old',
        settled: true,
        fromSuggestion: true,
        notEnoughInformation: false,
      },
    });
    renderRecommend(fakeApi({ prompt: suggested }));
    expect(await screen.findByRole('textbox', { name: 'Your review' })).toHaveValue(SUGGESTION);
  });

  it('a refused clipboard tells the guest to copy by hand instead of claiming it worked', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    renderRecommend(fakeApi({ prompt: suggested }));
    await screen.findByRole('textbox', { name: 'Your review' });
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await screen.findByText(/did not let us copy the text/)).toBeInTheDocument();
    expect(screen.queryByText('Copied to your clipboard')).not.toBeInTheDocument();
  });

  it('Copy text waits for something to copy', async () => {
    renderRecommend(fakeApi({ prompt: async () => ({ text: 'x', is_ai_valid: false }) }));
    await screen.findByRole('textbox', { name: 'Your review' });
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeDisabled();
  });

  it('copies the text; Share goes to /share, No thanks to /thank-you', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const api = fakeApi({ prompt: suggested });
    const { router } = renderRecommend(api);
    await screen.findByRole('textbox', { name: 'Your review' });
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(writeText).toHaveBeenCalledWith(SUGGESTION);
    expect(await screen.findByText('Copied to your clipboard')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/share'));
    await user.click(await screen.findByRole('link', { name: 'Change your review' }));
    await screen.findByRole('textbox', { name: 'Your review' });
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    expect(api.prompt).toHaveBeenCalledTimes(1);
  });
});
