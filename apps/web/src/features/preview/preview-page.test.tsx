import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PREVIEW_FRAME_ANSWER,
  PREVIEW_FRAME_READY,
  QuestionFormat,
  QuestionType,
  questionSchema,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebApi } from '../../platform/api';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { registeredDevice, unregisteredDevice } from '../../test/device';
import { renderApp, venueConfig } from '../../test/render-app';
import { previewFromParent, resetEditorChannel } from './editor-channel';
import { PREVIEW_WRITES } from './preview-api';

// Issue 31 item 4, decision 0258: the preview runs the guest's own screens and stores nothing.

const question = questionSchema.parse({
  id: 7,
  templateId: 1,
  sectionId: 'main',
  questionType: QuestionType.OTHER,
  otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
  commentMode: 'comment',
  text: 'Anything to tell the chef?',
  weight: 50,
});

const previewAnswer = (text = question.text): SurveyPreviewAnswer => ({
  config: { ...venueConfig(), questions: [{ ...question, text }] },
  language: 'en-gb',
  which: 'draft',
  version: 1,
  branchId: 1,
  missingTexts: [],
  languages: ['en-gb'],
});

/** Every request the page makes, answered: the preview's config, and a 500 for anything else. */
function serverStub() {
  const requests: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.includes('/preview-config'))
      return new Response(JSON.stringify({ data: previewAnswer() }), {
        headers: { 'content-type': 'application/json' },
      });
    return new Response('{}', { status: 500 });
  });
  return { requests, fetchStub };
}

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
});
afterEach(() => {
  cleanup();
  resetEditorChannel();
  unregisteredDevice();
  vi.unstubAllGlobals();
});

describe('the survey preview (decision 0258)', () => {
  it("runs the survey from the console's preview config, and its submit sends nothing", async () => {
    const user = userEvent.setup();
    const { requests, fetchStub } = serverStub();
    vi.stubGlobal('fetch', fetchStub);
    const api = createWebApi({ fetch: fetchStub, baseUrl: '' });
    const { router } = renderApp('/preview?survey=1&language=en-gb&which=draft', api);

    const comment = await screen.findByRole('textbox', { name: 'Anything to tell the chef?' });
    expect(router.state.location.pathname).toBe('/questions');
    expect(requests[0]).toBe('GET /api/v1/console/surveys/1/preview-config?which=draft&language=en-gb');
    expect(useGuestSession.getState()).toMatchObject({
      slug: 'demo-bistro',
      branchId: 1,
      surveyInProgress: 1,
    });

    await user.type(comment, 'More salt');
    await user.click(screen.getByRole('button', { name: /Next|Finish|Submit/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' }),
    ).toBeVisible();
    expect(useGuestSession.getState().submitted).toMatchObject({ id: 0, voucher: null });
    // Reads only (the config, the venue's branches): no survey.submit, track, prompt or upload was sent.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible());
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
    expect(requests.some((request) => /\/survey\/(submit|track|prompt|upload)/.test(request))).toBe(false);
  });

  it('answers every write in the browser, and still reads from the server', async () => {
    const { requests, fetchStub } = serverStub();
    const api = createWebApi({ fetch: fetchStub, baseUrl: '' });
    Object.assign(api, PREVIEW_WRITES);
    const response = { id: 0, secret: 'preview' };
    await api.submitSurvey('demo-bistro', 'en-gb', 1, 1, {} as never, null);
    await api.supplement('demo-bistro', 'en-gb', response, {} as never);
    await api.prompt('demo-bistro', 'en-gb', response);
    await api.track('demo-bistro', 'en-gb', response, ['shared_email']);
    await api.deletePhoto('demo-bistro', 'en-gb', response);
    expect(requests).toEqual([]);
    await api.surveyStaff('demo-bistro', 'en-gb', 1).catch(() => undefined);
    expect(requests).toHaveLength(1);
  });

  it('does not start on a registered tablet, whose submit goes through its own queue', async () => {
    const { requests, fetchStub } = serverStub();
    vi.stubGlobal('fetch', fetchStub);
    registeredDevice();
    renderApp('/preview?survey=1', createWebApi({ fetch: fetchStub, baseUrl: '' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests.filter((request) => request.includes('preview-config'))).toEqual([]);
  });

  it('says so when the address names no survey', async () => {
    const { requests, fetchStub } = serverStub();
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/preview', createWebApi({ fetch: fetchStub, baseUrl: '' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests).toEqual([]);
  });
});

/** What the console's editor posts to the frame (decision 0259); the test's window is its own parent. */
const fromConsole = (answer: unknown, over: Partial<MessageEventInit> = {}) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: PREVIEW_FRAME_ANSWER, answer },
      origin: location.origin,
      source: window.parent,
      ...over,
    }),
  );

describe("the editor's preview (decision 0259)", () => {
  it('O15.41 takes a preview only from its parent window on its own origin, and only one', () => {
    const self = { origin: 'https://venue.example', parent: {} };
    const data = { type: PREVIEW_FRAME_ANSWER, answer: previewAnswer() };
    const from = (over: Partial<{ origin: string; source: unknown; data: unknown }>) =>
      previewFromParent({ origin: self.origin, source: self.parent, data, ...over }, self);
    expect(from({})).toEqual(previewAnswer());
    expect(from({ origin: 'https://evil.example' })).toBeNull();
    expect(from({ source: {} })).toBeNull();
    expect(from({ source: null })).toBeNull();
    expect(from({ data: { type: PREVIEW_FRAME_READY } })).toBeNull();
    expect(from({ data: { type: PREVIEW_FRAME_ANSWER, answer: { config: {} } } })).toBeNull();
    expect(from({ data: 'hello' })).toBeNull();
  });

  it('O15.41 says it is ready, fetches nothing, and restarts at the first question with each preview sent', async () => {
    const user = userEvent.setup();
    const { requests, fetchStub } = serverStub();
    vi.stubGlobal('fetch', fetchStub);
    const posted = vi.spyOn(window, 'postMessage');
    const { router } = renderApp('/preview?which=editor', createWebApi({ fetch: fetchStub, baseUrl: '' }));
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ type: PREVIEW_FRAME_READY }, location.origin));
    expect(requests).toEqual([]);

    // Another origin, or a window that is not the parent: nothing starts.
    fromConsole(previewAnswer('From elsewhere'), { origin: 'https://evil.example' });
    fromConsole(previewAnswer('From elsewhere'), { source: null });
    fromConsole(previewAnswer('Typed in the editor'));
    const comment = await screen.findByRole('textbox', { name: 'Typed in the editor' });
    expect(screen.queryByText('From elsewhere')).toBeNull();
    expect(router.state.location.pathname).toBe('/questions');

    // Through to the thank-you, then the editor's next edit: the visit starts again at its first question.
    await user.type(comment, 'More salt');
    await user.click(screen.getByRole('button', { name: /Next|Finish|Submit/ }));
    await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });
    fromConsole(previewAnswer('Edited again'));
    const again = await screen.findByRole('textbox', { name: 'Edited again' });
    expect(again).toHaveValue('');
    expect(router.state.location.pathname).toBe('/questions');
    expect(useGuestSession.getState()).toMatchObject({ submitted: null, createPayload: null });

    // While the first question shows, an edit restarts it in place.
    await user.type(again, 'half');
    fromConsole(previewAnswer('And again'));
    expect(await screen.findByRole('textbox', { name: 'And again' })).toHaveValue('');
    // Nothing was fetched for the preview, and nothing sent.
    expect(requests.filter((request) => request.includes('preview-config'))).toEqual([]);
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });
});
