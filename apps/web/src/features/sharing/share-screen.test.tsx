import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialErrorQueue } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { useGuestSession } from '../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp } from '../../test/render-app';
import { useErrorQueue } from '../../ui/error-queue';
import { type Recommendation, useSharingStore } from './sharing-store';
import { finishedRun, staffMember, submittedSession } from './test-fixtures';

const CREDENTIALS = { id: 41, secret: 's3cret' };
const run = finishedRun({
  scores: { 1: 5, 2: 4, 5: 10 },
  answers: { 10: { choices: [5] }, 11: { text: 'Lovely terrace' } },
  staff: { renderType: 0, description: 'Sam was kind' },
});
const review = (changes: Partial<Recommendation> = {}): Recommendation => ({
  responseId: 41,
  text: 'Superb food and kind staff.',
  settled: true,
  fromSuggestion: true,
  notEnoughInformation: false,
  ...changes,
});

function renderShare(api: WebApi, recommendation: Recommendation | null = null, finished = run) {
  useGuestSession.setState(submittedSession(finished));
  useSharingStore.setState({ recommendation });
  return renderApp('/share', api);
}

const events = () =>
  (window.dataLayer ?? []).flatMap((entry) => {
    const { event, method } = entry as { event?: unknown; method?: unknown };
    return typeof event === 'string' && event !== 'screen-view' ? [[event, method]] : [];
  });

const summaryItems = async () => {
  const region = await screen.findByRole('region', { name: 'Your feedback at a glance' });
  return within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

// jsdom cannot navigate; the links' default action (a new tab, the mail app) is not what is tested.
const stopNavigation = (event: MouseEvent) => event.preventDefault();

let user: ReturnType<typeof userEvent.setup>;
let writeText: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
  // The error queue is app-wide: an error left showing by one test would hold the next one back.
  useErrorQueue.setState({ state: initialErrorQueue() });
  // user-event puts its own clipboard on the page, so the spy goes on after it.
  user = userEvent.setup();
  writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  document.addEventListener('click', stopNavigation);
});

afterEach(() => {
  document.removeEventListener('click', stopNavigation);
  vi.restoreAllMocks();
});

describe('/share: the summary (G4.63–G4.65)', () => {
  it('G4.64 without a review text: 5 items, heaviest first, with the guest’s words', async () => {
    renderShare(fakeApi());
    expect(await summaryItems()).toEqual([
      'Any other comments?Lovely terrace',
      'About the teamSam was kind',
      'Food5 out of 5',
      'Service4 out of 5',
      'Recommend10 out of 10',
    ]);
  });

  it('G4.65 beside a review text: 4 compact items, no words, and the review itself', async () => {
    renderShare(fakeApi(), review());
    expect(await summaryItems()).toEqual([
      'About the team',
      'Food5 out of 5',
      'Service4 out of 5',
      'Recommend10 out of 10',
    ]);
    const region = screen.getByRole('region', { name: 'Your review' });
    expect(within(region).getByText('Superb food and kind staff.')).toBeInTheDocument();
  });
  it('names the member the guest thanked from the branch’s team', async () => {
    const thanked = finishedRun({
      scores: { 1: 5 },
      staff: {
        renderType: 1,
        staffId: 2,
        subQuestions: [{ question_type: 'text', answers: ['Great service'] }],
      },
    });
    const surveyStaff = vi.fn(async () => [staffMember(1, 'Alex'), staffMember(2, 'Sam')]);
    renderShare(fakeApi({ surveyStaff }), null, thanked);
    await waitFor(async () =>
      expect(await summaryItems()).toEqual(['Thanks to SamGreat service', 'Food5 out of 5']),
    );
    expect(surveyStaff).toHaveBeenCalledWith('demo-bistro', 'en-gb', 1);
  });
});

describe('/share: share actions (D3 track names, analytics)', () => {
  it('a review site copies the text first, opens in a new tab and records its track name', async () => {
    const track = vi.fn(async () => {});
    renderShare(fakeApi({ track }), review());
    const link = await screen.findByRole('link', { name: /Review us on Tripadvisor/ });
    expect(link).toHaveAttribute('href', 'https://www.tripadvisor.co.uk/UserReviewEdit-demo');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(link);
    expect(writeText).toHaveBeenCalledWith('Superb food and kind staff.');
    expect(track).toHaveBeenCalledWith('demo-bistro', 'en-gb', CREDENTIALS, ['shared_tripadvisor']);
    expect(events()).toEqual([['share-ai-recommendation', 'tripadvisor']]);
    expect(await screen.findByText('Your text is copied: paste it into your review')).toBeInTheDocument();
  });

  it('Google has no D3 name: the text is copied and the share counted in analytics, nothing tracked', async () => {
    const api = fakeApi({ track: async () => {} });
    renderShare(api, review({ fromSuggestion: false }));
    await user.click(await screen.findByRole('link', { name: /Review us on Google/ }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(api.track).not.toHaveBeenCalled();
    expect(events()).toEqual([['share-survey', 'google']]);
  });

  it('e-mail carries the summary as text when there is no review, and records shared_email', async () => {
    const track = vi.fn(async () => {});
    renderShare(fakeApi({ track }));
    const email = await screen.findByRole('link', { name: 'Send by e-mail' });
    expect(email).not.toHaveAttribute('target');
    const body = new URLSearchParams((email.getAttribute('href') ?? '').replace('mailto:?', '')).get('body');
    expect(body).toBe(
      [
        // G7.20 A question that ends with its own mark takes no colon: "comments?:" would double it.
        'Any other comments? “Lovely terrace”',
        'About the team: “Sam was kind”',
        'Food: 5 out of 5',
        'Service: 4 out of 5',
        'Recommend: 10 out of 10',
      ].join('\n'),
    );
    await user.click(email);
    expect(track).toHaveBeenCalledWith('demo-bistro', 'en-gb', CREDENTIALS, ['shared_email']);
    expect(events()).toEqual([['share-survey', 'email']]);
  });

  it('G7.21 a yes/no “why” is shown and sent with its question and the yes or no it explains', async () => {
    const answered = finishedRun({
      scores: { 1: 5 },
      answers: { 13: { choices: ['yes'], text: 'Saw it on Instagram' } },
    });
    renderShare(fakeApi(), null, answered);
    expect(await summaryItems()).toEqual(['Would you come back?YesSaw it on Instagram', 'Food5 out of 5']);
    const email = screen.getByRole('link', { name: 'Send by e-mail' });
    const body = new URLSearchParams((email.getAttribute('href') ?? '').replace('mailto:?', '')).get('body');
    expect(body).toBe(['Would you come back? Yes, “Saw it on Instagram”', 'Food: 5 out of 5'].join('\n'));
  });

  it('X/Twitter posts the review text and records shared_twitter', async () => {
    const track = vi.fn(async () => {});
    renderShare(fakeApi({ track }), review());
    const post = await screen.findByRole('link', { name: /Post on X/ });
    expect(new URL(post.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      'Superb food and kind staff.',
    );
    await user.click(post);
    expect(track).toHaveBeenCalledWith('demo-bistro', 'en-gb', CREDENTIALS, ['shared_twitter']);
  });

  it('the device’s share sheet where the browser has one; a share made is counted, a cancel is not', async () => {
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'))
      .mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderShare(fakeApi(), review());
      const button = await screen.findByRole('button', { name: 'More ways to share' });
      await user.click(button);
      expect(events()).toEqual([]);
      await user.click(button);
      expect(share).toHaveBeenLastCalledWith({ title: 'Demo Bistro', text: 'Superb food and kind staff.' });
      await waitFor(() => expect(events()).toEqual([['share-ai-recommendation', 'native']]));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('G8: a refused track shows the generic message', async () => {
    renderShare(
      fakeApi({
        track: async () => {
          throw apiFailure(400, 10009);
        },
      }),
    );
    await user.click(await screen.findByRole('link', { name: 'Send by e-mail' }));
    expect(await screen.findByText('There was a problem with the server response')).toBeInTheDocument();
  });

  it('G8: a track that never reached the API shows its own message', async () => {
    renderShare(
      fakeApi({
        track: async () => {
          throw Object.assign(new Error('Failed to fetch'), { status: 0, code: null, ui: false });
        },
      }),
    );
    await user.click(await screen.findByRole('link', { name: 'Send by e-mail' }));
    expect(await screen.findByText('Failed to fetch')).toBeInTheDocument();
  });

  it('Done goes on to the next step (thank-you)', async () => {
    const { router } = renderShare(fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
  });
});
