import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { fakeApi } from '../../test/render-app';
import {
  bistroQuestions,
  bistroSurvey,
  checkedInSession,
  demographicsConfig,
  renderQuestions,
} from './test-fixtures';

const next = () => screen.getByRole('button', { name: 'Next' });
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
});

describe('questions screen', () => {
  it('walks every screen of the survey and stores the create payload (G2, G4, D3)', async () => {
    const user = userEvent.setup();
    const { router } = renderQuestions(checkedInSession());

    // Ratings: the section's title and subtitle, the two indicators; Next waits for both (required).
    await heading('How was your visit?');
    expect(screen.getByText('Tap a face')).toBeInTheDocument();
    // No site key in this build: no bot-protection notice, no script (bot-notice.test.tsx has one).
    expect(screen.queryByText(/protected by reCAPTCHA/)).toBeNull();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    expect(next()).toBeDisabled();
    const food = screen.getByRole('group', { name: 'Food' });
    await user.click(within(food).getByRole('radio', { name: '2 out of 5 – Poor' }));
    expect(next()).toBeDisabled();
    await user.click(
      within(screen.getByRole('group', { name: 'Service' })).getByRole('radio', { name: /4 out of 5/ }),
    );
    await user.click(next());

    // NPS: a slider with no value until the guest moves it.
    await heading('How likely are you to recommend us?');
    const slider = screen.getByRole('slider', { name: 'Recommend' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Not answered yet');
    expect(next()).toBeDisabled();
    slider.focus();
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    await user.click(next());

    // The food drill-down appears because Food was rated 2 (G4.31); its follow-up comes after it.
    await heading('Tell us more');
    const letDown = screen.getByRole('group', { name: 'What let the food down?' });
    await user.click(within(letDown).getByRole('checkbox', { name: 'Temperature' }));
    await user.click(within(letDown).getByRole('checkbox', { name: 'Taste' }));
    await user.click(next());
    await user.type(
      await screen.findByRole('textbox', { name: 'Tell us what happened so we can put it right' }),
      'Cold plates',
    );
    await user.click(next());

    // Other questions: yes/no with its "why", a dropdown, not applicable, the postcode limit.
    await heading('A few questions');
    expect(next()).toBeDisabled();
    const first = screen.getByRole('group', { name: 'Was this your first visit?' });
    await user.click(within(first).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Why is that?' }), 'A friend said so');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'How did you hear about us?' }),
      'Social media',
    );
    await user.click(screen.getByRole('checkbox', { name: /Not applicable – What was the occasion\?/ }));
    expect(screen.getByRole('group', { name: 'What was the occasion?' })).toBeDisabled();
    const postcode = screen.getByRole('textbox', { name: 'What is your postcode?' });
    await user.type(postcode, 'SW1A 1AA and more');
    expect(postcode).toHaveValue('SW1A 1AA a');
    expect(screen.getByText('A postcode has at most 10 characters.')).toBeInTheDocument();
    await user.click(next());

    // Comments: the positive and negative boxes.
    await heading('Anything else?');
    await user.type(screen.getByRole('textbox', { name: 'Any positive comments' }), 'Lovely staff');
    await user.click(next());

    await heading('Thank you for your feedback');
    expect(router.state.location.pathname).toBe('/checkout');
    const payload = useGuestSession.getState().createPayload;
    expect(payload).not.toBeNull();
    expect(payload?.guid).toBe('8d5c1a56-1c8e-4c62-9a59-0d6f2f4b2f11');
    expect(payload?.visitDatetime).toBe('2025-03-14 19:30:00');
    expect(payload?.surveyStart).toBe('2025-03-14 21:00:00');
    expect(payload?.questionMap).toEqual([101, 102, 120, 121, 122, 125, 130]);
    expect(payload?.feedbackAlert).toBe(true);
    expect(payload?.managerFeedbackIndicatorRulePassed).toBe(false);
    expect(payload?.answers.indicators).toEqual([
      { id: 1, score: 2 },
      { id: 2, score: 4 },
      { id: 5, score: 10 },
    ]);
    expect(payload?.answers.npsScore).toBe(10);
    expect(payload?.answers.questions).toEqual([
      { id: 101, answer: { choices: [1, 2] } },
      { id: 102, answer: { text: 'Cold plates' } },
      { id: 120, answer: { choices: ['yes'], text: 'A friend said so' } },
      { id: 121, answer: { choices: [2] } },
      { id: 122, answer: { notApplicable: true } },
      { id: 125, answer: { text: 'SW1A 1AA a' } },
      { id: 130, answer: { choices: ['Lovely staff', ''] } },
    ]);
  });

  it('Skip drops the screen and its answers; skippable sections only (G2)', async () => {
    const user = userEvent.setup();
    renderQuestions(checkedInSession());
    await heading('How was your visit?');
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /5 out of 5/ }),
      );
    }
    await user.click(next());
    await heading('How likely are you to recommend us?');
    screen.getByRole('slider').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    await user.click(next());
    // Good ratings: no drill-down, so the next screen is the other questions (G4.31, G4.6).
    await heading('A few questions');
    await user.click(
      within(screen.getByRole('group', { name: 'Was this your first visit?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    // No "why" for No on this question (ynFollowupN is off).
    expect(screen.queryByRole('textbox', { name: 'Why is that?' })).not.toBeInTheDocument();
    await user.click(next());
    await heading('Anything else?');
    await user.type(
      screen.getByRole('textbox', { name: "Anything you'd like to be better" }),
      'Music too loud',
    );
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await heading('Thank you for your feedback');
    const payload = useGuestSession.getState().createPayload;
    expect(payload?.questionMap).toEqual([120, 121, 122, 125, 130]);
    expect(payload?.answers.questions).toEqual([{ id: 120, answer: { choices: ['no'] } }]);
    expect(payload?.feedbackAlert).toBe(false);
  });

  it('resumes a run after a reload on the same screen with the same answers', async () => {
    const user = userEvent.setup();
    renderQuestions(checkedInSession());
    await heading('How was your visit?');
    await user.click(
      within(screen.getByRole('group', { name: 'Food' })).getByRole('radio', { name: /1 out of 5/ }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Service' })).getByRole('radio', { name: /3 out of 5/ }),
    );
    await user.click(next());
    await heading('How likely are you to recommend us?');
    const stored = sessionStorage.getItem('venue-voice-guest-session');
    expect(stored).toContain('"surveyRun"');

    // A reload: the page is built again from what sessionStorage holds.
    cleanup();
    useGuestSession.setState(emptySession);
    sessionStorage.setItem('venue-voice-guest-session', stored ?? '');
    await useGuestSession.persist.rehydrate();
    renderQuestions(useGuestSession.getState());
    await heading('How likely are you to recommend us?');
    const run = useGuestSession.getState().surveyRun as { scores: Record<number, number> };
    expect(run.scores).toEqual({ 1: 1, 2: 3 });
  });

  it('issue 31: a run keeps the survey version it started on through a reload, and its payload names it', async () => {
    const user = userEvent.setup();
    const v1 = checkedInSession({
      config: {
        surveys: [bistroSurvey({ version: 1 })],
        questions: bistroQuestions,
        demographics: { fields: [] },
      },
    });
    renderQuestions(v1);
    await heading('How was your visit?');
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /5 out of 5/ }),
      );
    }
    await user.click(next());
    await heading('How likely are you to recommend us?');

    // Version 2 is published meanwhile (its first-visit question reworded) and the session holds it
    // when the page is built again: the run carries on with the survey and questions it started with.
    const v2 = {
      ...v1.config,
      surveys: [bistroSurvey({ version: 2 })],
      questions: bistroQuestions.map((q) =>
        q.id === 120 ? { ...q, text: 'Is this your first time here?' } : q,
      ),
    };
    const stored = sessionStorage.getItem('venue-voice-guest-session');
    cleanup();
    useGuestSession.setState(emptySession);
    sessionStorage.setItem('venue-voice-guest-session', stored ?? '');
    await useGuestSession.persist.rehydrate();
    renderQuestions({ ...useGuestSession.getState(), config: v2 });
    await heading('How likely are you to recommend us?');
    screen.getByRole('slider').focus();
    await user.keyboard('{End}');
    await user.click(next());

    await heading('A few questions');
    expect(screen.queryByRole('group', { name: 'Is this your first time here?' })).toBeNull();
    await user.click(
      within(screen.getByRole('group', { name: 'Was this your first visit?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(next());
    await heading('Anything else?');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await heading('Thank you for your feedback');
    const payload = useGuestSession.getState().createPayload;
    expect(payload?.surveyVersion).toBe(1);
    expect(payload?.answers.questions).toEqual([{ id: 120, answer: { choices: ['no'] } }]);
  });

  it('asks the demographic fields last and sends those given', async () => {
    const user = userEvent.setup();
    const session = checkedInSession();
    renderQuestions({
      ...session,
      config: { ...session.config, questions: [], demographics: demographicsConfig },
    });
    await heading('How was your visit?');
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /4 out of 5/ }),
      );
    }
    await user.click(next());
    screen.getByRole('slider').focus();
    await user.keyboard('{Home}');
    await user.click(next());
    await heading('About you');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
    await user.click(next());
    await heading('Thank you for your feedback');
    expect(useGuestSession.getState().createPayload?.demographics).toEqual([{ id: 1, value: 'Female' }]);
  });

  it("O15.34 a survey of its own asks its own fields (as served, in the guest's language), not the company's", async () => {
    const user = userEvent.setup();
    const session = checkedInSession();
    const own = {
      fields: [
        {
          id: 7,
          type: 1 as const,
          label: 'Geschlecht',
          fieldType: 'select' as const,
          required: true,
          options: [
            { id: 1, value: 'Weiblich' },
            { id: 2, value: 'Männlich' },
          ],
        },
      ],
    };
    renderQuestions({
      ...session,
      config: {
        ...session.config,
        surveys: [bistroSurvey({ demographics: own })],
        questions: [],
        demographics: demographicsConfig,
      },
    });
    await heading('How was your visit?');
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /4 out of 5/ }),
      );
    }
    await user.click(next());
    screen.getByRole('slider').focus();
    await user.keyboard('{Home}');
    await user.click(next());
    await heading('About you');
    expect(screen.queryByRole('combobox', { name: 'Gender' })).toBeNull();
    // Required: no Skip, and Next waits for an answer.
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    expect(next()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Geschlecht/ }), 'Männlich');
    await user.click(next());
    await heading('Thank you for your feedback');
    expect(useGuestSession.getState().createPayload?.demographics).toEqual([{ id: 7, value: 'Männlich' }]);
  });

  it('O15.34 a survey whose own list is empty asks no demographics, whatever the company has', async () => {
    const user = userEvent.setup();
    const session = checkedInSession();
    renderQuestions({
      ...session,
      config: {
        ...session.config,
        surveys: [bistroSurvey({ demographics: { fields: [] } })],
        questions: [],
        demographics: demographicsConfig,
      },
    });
    await heading('How was your visit?');
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /4 out of 5/ }),
      );
    }
    await user.click(next());
    screen.getByRole('slider').focus();
    await user.keyboard('{Home}');
    await user.click(next());
    await heading('Thank you for your feedback');
    expect(useGuestSession.getState().createPayload?.demographics).toBeUndefined();
  });

  it('G5.24 a demographic postcode takes 10 characters, says so at the limit, and sends 10', async () => {
    const user = userEvent.setup();
    const session = checkedInSession();
    renderQuestions({
      ...session,
      config: { ...session.config, questions: [], demographics: demographicsConfig },
    });
    await heading('How was your visit?');
    for (const group of ['Food', 'Service']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('radio', { name: /4 out of 5/ }),
      );
    }
    await user.click(next());
    screen.getByRole('slider').focus();
    await user.keyboard('{Home}');
    await user.click(next());
    await heading('About you');
    const postcode = screen.getByRole('textbox', { name: 'Home postcode area' });
    expect(postcode).toHaveAttribute('autocomplete', 'postal-code');
    await user.type(postcode, 'SW1A 1AA and the rest of my address');
    expect(postcode).toHaveValue('SW1A 1AA a');
    expect(screen.getByText('A postcode has at most 10 characters.')).toBeInTheDocument();
    await user.click(next());
    await heading('Thank you for your feedback');
    expect(useGuestSession.getState().createPayload?.demographics).toEqual([{ id: 5, value: 'SW1A 1AA a' }]);
  });

  it('goes back to the entry without a survey in progress (G2.28)', async () => {
    renderQuestions(checkedInSession({ surveyInProgress: null }));
    expect(await screen.findByText('Venue entry')).toBeInTheDocument();
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    const session = checkedInSession();
    renderQuestions({ ...session, config: { ...session.config, questions: [] } });
    await heading('How was your visit?');
    // Tab into the first rating group, pick with the arrow keys, then the next group.
    await user.tab();
    expect(
      within(screen.getByRole('group', { name: 'Food' })).getByRole('radio', { name: /1 out of 5/ }),
    ).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(
      within(screen.getByRole('group', { name: 'Food' })).getByRole('radio', { name: /4 out of 5/ }),
    ).toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    expect(
      within(screen.getByRole('group', { name: 'Service' })).getByRole('radio', { name: /2 out of 5/ }),
    ).toBeChecked();
    await user.tab();
    expect(next()).toHaveFocus();
    await user.keyboard('{Enter}');
    // The new screen takes the focus to its title.
    const title = await heading('How likely are you to recommend us?');
    await waitFor(() => expect(title).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('slider')).toHaveFocus();
    await user.keyboard('{ArrowRight}'.repeat(10));
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '9');
    await user.tab();
    await user.keyboard('{Enter}');
    await heading('Thank you for your feedback');
    expect(useGuestSession.getState().createPayload?.answers.indicators).toEqual([
      { id: 1, score: 4 },
      { id: 2, score: 2 },
      { id: 5, score: 9 },
    ]);
  });

  it('Back and Previous go to the previous screen with its answers kept; the progress shows how far', async () => {
    const user = userEvent.setup();
    const { router } = renderQuestions(checkedInSession(), fakeApi(), ['/', '/questions']);
    const rating = (group: string, name: RegExp) =>
      within(screen.getByRole('group', { name: group })).getByRole('radio', { name });
    const progress = () => screen.getByRole('progressbar', { name: 'Survey progress' });

    // The first screen too takes the focus to its title, read with the progress; nothing to go back to.
    const ratings = await heading('How was your visit?');
    await waitFor(() => expect(ratings).toHaveFocus());
    expect(ratings).toHaveAccessibleDescription('Step 1 of 5');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 1 of 5');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(rating('Food', /^2 out of 5/));
    await user.click(rating('Service', /^4 out of 5/));
    await user.click(next());

    // Previous: back to the ratings, as the guest left them.
    await heading('How likely are you to recommend us?');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 2 of 5');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('How was your visit?');
    expect(rating('Food', /^2 out of 5/)).toBeChecked();
    expect(rating('Service', /^4 out of 5/)).toBeChecked();
    await user.click(next());
    screen.getByRole('slider').focus();
    await user.keyboard('{End}');
    await user.click(next());
    await heading('Tell us more');
    await user.click(screen.getByRole('checkbox', { name: 'Temperature' }));

    // The browser's Back stays in the survey: one screen back, its answer kept.
    await act(() => router.navigate(-1));
    await heading('How likely are you to recommend us?');
    expect(router.state.location.pathname).toBe('/questions');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '10');
    // Forward is Next: the drill-down comes back with its box still ticked.
    await act(() => router.navigate(1));
    await heading('Tell us more');
    expect(screen.getByRole('checkbox', { name: 'Temperature' })).toBeChecked();
    await act(() => router.navigate(-1));
    await heading('How likely are you to recommend us?');
    await act(() => router.navigate(-1));
    await heading('How was your visit?');
    // Back from the first screen leaves the survey, as it came.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Venue entry')).toBeInTheDocument();
  });
});
