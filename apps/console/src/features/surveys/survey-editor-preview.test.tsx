import { cleanup, screen, waitFor, within } from '@testing-library/react';
import {
  PREVIEW_FRAME_ANSWER,
  PREVIEW_FRAME_READY,
  type SurveyDocument,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { fixtureAnswer } from './survey-fixtures';

// Issue 31 item 4, decision 0259: the preview pane beside the editor follows the unsaved document.

/** What the server would build from a document: its survey and questions, as survey.config serves them. */
const built = (document: SurveyDocument, language = 'en-gb'): SurveyPreviewAnswer => ({
  config: {
    surveys: [{ ...document.survey, templateId: 7 }],
    questions: document.questions.map((q) => ({ ...q, templateId: 7 })),
  },
  language: language as SurveyPreviewAnswer['language'],
  which: 'draft',
  version: 1,
  branchId: 1,
  missingTexts: [],
  languages: document.languages,
});

const LATER = { timeout: 10_000 };

function previewServer() {
  return fakeApi({
    'GET /me': ok(OWNER),
    // The navigation's count of cases (decision 0267).
    'GET /cases/counts': ok({ unresolved: 0, overdue: 0 }),
    'GET /surveys/7/document': ok(fixtureAnswer()),
    'POST /surveys/7/preview-config': (request: FakeRequest) => {
      const body = request.body as { document: SurveyDocument; language?: string };
      return ok(built(body.document, body.language));
    },
  });
}

const posted = (api: ReturnType<typeof previewServer>) =>
  api.calls('POST /surveys/7/preview-config').map((r) => r.body as { document: SurveyDocument });

/** Opens the editor and its preview pane; answers the pane. */
async function openPane() {
  const api = previewServer();
  const rendered = renderConsole('/surveys/7');
  await screen.findByRole('heading', { level: 1, name: 'Lunch survey' }, LATER);
  const toggle = screen.getByRole('button', { name: 'Preview' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await rendered.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const pane = await screen.findByRole('region', { name: 'Preview' });
  return { api, pane, ...rendered };
}

// Typing and the preview's 800 ms pause in jsdom, on a shared machine: more than the default 15 s.
describe('the editor’s preview pane', { timeout: 40_000 }, () => {
  it('opens beside the editor with the guest app framed at phone size, and hands the frame the preview', async () => {
    const { api, pane, container } = await openPane();
    await waitFor(() => expect(posted(api)).toHaveLength(1), LATER);
    expect(posted(api)[0]?.document).toEqual(fixtureAnswer().published.document);
    const frame = await within(pane).findByTitle('The survey as a guest sees it on a Phone');
    expect(frame).toHaveAttribute('src', '/preview?which=editor');
    expect(frame).toHaveAttribute('width', '390');
    expect(within(pane).getByRole('region', { name: 'Engine' })).toBeInTheDocument();
    // As test/axe.ts runs it, without going into the frame (jsdom loads no page there; e2e has the guest's).
    const checked = await axe.run(container, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      checked.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // The frame says it is ready (from itself, on this origin): it is sent the preview. From elsewhere: not.
    const child = (frame as HTMLIFrameElement).contentWindow as Window;
    const sent = vi.spyOn(child, 'postMessage');
    const ready = (source: Window, origin = location.origin) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: PREVIEW_FRAME_READY }, origin, source }),
      );
    ready(window);
    ready(child, 'https://elsewhere.example');
    expect(sent).not.toHaveBeenCalled();
    ready(child);
    expect(sent).toHaveBeenCalledWith(
      { type: PREVIEW_FRAME_ANSWER, answer: built(fixtureAnswer().published.document) },
      location.origin,
    );

    // Tablet size: the same frame, drawn at the tablet's size.
    await within(pane).getByRole('radio', { name: 'Tablet' }).click();
    expect(within(pane).getByTitle('The survey as a guest sees it on a Tablet')).toHaveAttribute(
      'width',
      '820',
    );
  });

  it('an edit, unsaved, reaches the POST once typing pauses, and the frame is sent the new preview', async () => {
    const { api, pane, user } = await openPane();
    await waitFor(() => expect(posted(api)).toHaveLength(1), LATER);
    const frame = within(pane).getByTitle('The survey as a guest sees it on a Phone') as HTMLIFrameElement;
    const child = frame.contentWindow as Window;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: PREVIEW_FRAME_READY },
        origin: location.origin,
        source: child,
      }),
    );
    const sent = vi.spyOn(child, 'postMessage');

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Dinner survey');
    // One POST for the pause, not one per keystroke.
    await waitFor(() => expect(posted(api)).toHaveLength(2), LATER);
    expect(posted(api)[1]?.document.survey.name).toBe('Dinner survey');
    await waitFor(() =>
      expect(sent).toHaveBeenLastCalledWith(
        { type: PREVIEW_FRAME_ANSWER, answer: expect.objectContaining({ language: 'en-gb' }) },
        location.origin,
      ),
    );
    const last = sent.mock.lastCall?.[0] as { answer: SurveyPreviewAnswer };
    expect(last.answer.config.surveys?.[0]?.name).toBe('Dinner survey');
    expect(within(pane).getByRole('status')).toHaveTextContent('The preview shows your latest changes.');
    // Nothing was saved.
    expect(api.calls('PUT /surveys/7/draft')).toEqual([]);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(api.unmatched).toEqual([]);
  });

  it('O15.40 while the document cannot run, the last preview stays and the pane says it is behind', async () => {
    const { api, pane, user } = await openPane();
    await waitFor(() => expect(posted(api)).toHaveLength(1), LATER);
    const slug = screen.getByRole('textbox', { name: 'Address (slug)' });
    await user.clear(slug);
    await user.type(slug, 'Lunch Time');
    expect(
      await within(pane).findByText(
        /The preview is behind: 1 problem stops the survey from running/,
        {},
        LATER,
      ),
    ).toBeInTheDocument();
    // No POST for a document that cannot run; the frame and the Engine panel stay.
    expect(posted(api)).toHaveLength(1);
    expect(within(pane).getByTitle('The survey as a guest sees it on a Phone')).toBeInTheDocument();
    expect(within(pane).getByRole('region', { name: 'Engine' })).toBeInTheDocument();

    // Mended: the preview follows again.
    await user.clear(slug);
    await user.type(slug, 'lunch-time');
    await waitFor(() => expect(posted(api)).toHaveLength(2), LATER);
    expect(posted(api)[1]?.document.survey.slug).toBe('lunch-time');
    await waitFor(() => expect(within(pane).queryByText(/The preview is behind/)).toBeNull());
  });

  it('closes', async () => {
    const { user } = await openPane();
    await user.click(screen.getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens again as it was left: open after it was opened, closed after it was closed', async () => {
    const { user } = await openPane();
    cleanup();
    renderConsole('/surveys/7');
    expect(await screen.findByRole('region', { name: 'Preview' }, LATER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the preview' }));
    cleanup();
    renderConsole('/surveys/7');
    await screen.findByRole('heading', { level: 1, name: 'Lunch survey' }, LATER);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });
});
