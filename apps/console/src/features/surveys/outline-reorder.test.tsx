import { screen, waitFor, within } from '@testing-library/react';
import type { SurveyDocument } from '@venue-voice/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { type FakeRequest, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { stackedLayout } from '../../test/layout';
import { renderConsole } from '../../test/render';
import { fixtureDocument, testQuestion } from '../../test/survey-document';
import { fixtureAnswer } from './survey-fixtures';

/** Survey 7 with the questions Q1, Q2 and Q3 in its one section; PUT …/draft answered and recorded. */
function threeQuestions(me = OWNER, editable = true) {
  const document: SurveyDocument = {
    ...fixtureDocument(),
    questions: [testQuestion(1), testQuestion(2), testQuestion(3)],
  };
  const published = { ...fixtureAnswer().published, document };
  return fakeApi({
    'GET /me': ok(me),
    'GET /surveys/7/document': ok(fixtureAnswer({ editable, published })),
    'PUT /surveys/7/draft': (_request: FakeRequest) =>
      ok({ faults: [], updatedAt: '2026-11-02T10:00:00.000Z' }),
  });
}

/** The editor's outline once the screen has loaded (the first screen of a file loads slowly on a busy machine). */
const openOutline = (name = 'Survey outline') =>
  screen.findByRole('navigation', { name }, { timeout: 20_000 });

/** The outline's questions, top to bottom, by their entries' names. */
const outlineOrder = (outline: HTMLElement) =>
  within(outline)
    .getAllByRole('button', { name: /^Q\d/ })
    .map((entry) => entry.textContent);

/** The drag's live region (the editor has a polite status of its own: the draft's state). */
const announcement = () =>
  screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'assertive');

let restoreLayout: (() => void) | undefined;
afterEach(() => restoreLayout?.());

describe('reordering the survey’s questions by drag and drop (decision 0263)', () => {
  it('O15.51 moves a question with the keyboard on its drag handle, announces it, and saves the order in the draft', async () => {
    const api = threeQuestions();
    const { user, container } = renderConsole('/surveys/7');
    const outline = await openOutline();
    expect(outlineOrder(outline)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(await axeViolations(container)).toEqual([]);
    restoreLayout = stackedLayout();

    const handle = within(outline).getByRole('button', { name: 'Drag to reorder: Q1' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announcement()).toHaveTextContent('Picked up Q1, position 1 of 3.'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announcement()).toHaveTextContent('Q1 moved to position 2 of 3.'));
    await user.keyboard(' ');
    await waitFor(() => expect(outlineOrder(outline)).toEqual(['Q2', 'Q1', 'Q3']));
    expect(announcement()).toHaveTextContent('Q1 dropped at position 2 of 3.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const saved = api.calls('PUT /surveys/7/draft')[0]?.body as SurveyDocument;
    expect(saved.questions.map((q) => q.id)).toEqual([2, 1, 3]);
  }, 60_000);

  it('Escape puts the question back where it was, and the texts are the console’s language', async () => {
    restoreLayout = stackedLayout();
    // An operator who reads German: the console speaks it, the drag's words too.
    threeQuestions({ ...OWNER, operator: { ...OWNER.operator, language: 'de' } });
    const { user } = renderConsole('/surveys/7');
    const outline = await openOutline('Gliederung der Umfrage');
    const handle = await within(outline).findByRole('button', { name: 'Zum Umsortieren ziehen: Q3' });
    expect(handle).toHaveAttribute('aria-roledescription', 'Ziehgriff');
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(announcement()).toHaveTextContent('Q3 auf Position 2 von 3 verschoben.'));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(announcement()).toHaveTextContent('Umsortieren abgebrochen; Q3 ist wieder an seinem Platz.'),
    );
    expect(outlineOrder(outline)).toEqual(['Q1', 'Q2', 'Q3']);
  }, 60_000);

  it('the Move up and Move down buttons move the question too', async () => {
    threeQuestions();
    const { user } = renderConsole('/surveys/7');
    const outline = await openOutline();
    await user.click(within(outline).getByRole('button', { name: 'Q3' }));
    await user.click(await screen.findByRole('button', { name: 'Move up' }));
    expect(outlineOrder(outline)).toEqual(['Q1', 'Q3', 'Q2']);
  });

  it('O1.10 a viewer gets no drag handles', async () => {
    threeQuestions(VIEWER, false);
    renderConsole('/surveys/7');
    const outline = await openOutline();
    expect(outlineOrder(outline)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(within(outline).queryByRole('button', { name: /Drag to reorder/ })).not.toBeInTheDocument();
  });
});
