import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { bistroSurvey, checkedInSession, demographicsConfig, renderQuestions } from './test-fixtures';

// G7: the questions screen's analytics events, read from the tag manager's queue (window.dataLayer).

type Entry = { event?: string; [param: string]: unknown };
const events = () =>
  (window.dataLayer ?? [])
    .filter((entry): entry is Entry => typeof (entry as Entry).event === 'string')
    .filter((entry) => entry.event !== 'screen-view');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const next = () => screen.getByRole('button', { name: 'Next' });

beforeEach(() => {
  sessionStorage.clear();
  delete window.dataLayer;
  useGuestSession.setState(emptySession);
});

/** Rates Food and Service and presses Next: the first screen's answers. */
async function answerRatings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    within(screen.getByRole('group', { name: 'Food' })).getByRole('radio', { name: /^4 out of 5/ }),
  );
  await user.click(
    within(screen.getByRole('group', { name: 'Service' })).getByRole('radio', { name: /^4 out of 5/ }),
  );
  await user.click(next());
}

describe('questions analytics', () => {
  it('start-questions once as the first screen shows, then update-answers per screen, by section id', async () => {
    const user = userEvent.setup();
    renderQuestions(checkedInSession());
    await heading('How was your visit?');
    expect(events()).toEqual([{ event: 'start-questions', template_id: 1, section_id: 'ratings', step: 0 }]);

    await answerRatings(user);
    await heading('How likely are you to recommend us?');
    expect(events().at(-1)).toEqual({
      event: 'update-answers',
      template_id: 1,
      section_id: 'ratings',
      step: 0,
    });

    // A reload resumes the run: no second start-questions.
    cleanup();
    renderQuestions(useGuestSession.getState());
    await heading('How likely are you to recommend us?');
    expect(events().filter((entry) => entry.event === 'start-questions')).toHaveLength(1);
  });

  it('skip-section names the section skipped; the demographics screen reports as "demographics"', async () => {
    const user = userEvent.setup();
    renderQuestions(
      checkedInSession({
        config: { ...checkedInSession().config, demographics: demographicsConfig },
        surveyRun: null,
      }),
    );
    await heading('How was your visit?');
    await answerRatings(user);
    await heading('How likely are you to recommend us?');
    const slider = screen.getByRole('slider', { name: 'Recommend' });
    slider.focus();
    await user.keyboard('{End}');
    await user.click(next());
    await heading('A few questions');
    await user.click(
      within(screen.getByRole('group', { name: 'Was this your first visit?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(next());
    await heading('Anything else?');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(events().at(-1)).toMatchObject({ event: 'skip-section', section_id: 'comments' });

    await heading('About you');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(events().at(-1)).toMatchObject({ event: 'skip-section', section_id: 'demographics' });
    expect(events().map((entry) => entry.event)).toEqual([
      'start-questions',
      'update-answers',
      'update-answers',
      'update-answers',
      'skip-section',
      'skip-section',
    ]);
  });

  it('leave-survey on pagehide with the survey unfinished, and never an answer in any event', async () => {
    const user = userEvent.setup();
    renderQuestions(checkedInSession());
    await heading('How was your visit?');
    await answerRatings(user);
    await heading('How likely are you to recommend us?');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(events().at(-1)).toEqual({
      event: 'leave-survey',
      template_id: 1,
      section_id: 'nps',
      step: 1,
    });
    // Only ids: no score, text or choice of the guest's is in the queue.
    for (const entry of events()) {
      expect(Object.keys(entry).sort()).toEqual(['event', 'section_id', 'step', 'template_id']);
    }
  });

  it('no leave-survey once the survey is finished', async () => {
    // Nothing to ask: the run is done at once and the guest moves on to the checkout.
    const survey = bistroSurvey({ indicators: [], sections: [{ id: 'main', name: 'Main', weight: 1 }] });
    renderQuestions(checkedInSession({ config: { surveys: [survey], questions: [] } }));
    await heading('Thank you for your feedback');
    const before = events().length;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(
      events()
        .slice(before)
        .some((entry) => entry.event === 'leave-survey'),
    ).toBe(false);
  });
});
