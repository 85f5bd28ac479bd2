import { screen, waitFor, within } from '@testing-library/react';
import { DRAFT_REVISION_HEADER, type SurveyDocument } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { type FakeRequest, fails, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { fixtureDocument } from '../../test/survey-document';
import { fixtureAnswer } from './survey-fixtures';

const named = (name: string): SurveyDocument => {
  const document = fixtureDocument();
  return { ...document, survey: { ...document.survey, name } };
};

/**
 * Survey 7 on a fake server that keeps the draft's revision as the real one does (O15.52): a change based
 * on any other is refused 409 10035 naming the revision of now, and stores nothing.
 */
function revisedServer() {
  let answer = fixtureAnswer();
  let saves = 0;
  const store = (document: SurveyDocument) => {
    saves += 1;
    answer = {
      ...answer,
      revision: `1.${saves.toString(16).padStart(32, '0')}`,
      draft: { document, basedOn: 1, updatedAt: '2026-11-02T10:00:00.000Z', updatedBy: null, faults: [] },
    };
  };
  const api = fakeApi({
    'GET /me': ok(OWNER),
    'GET /surveys/7/document': () => ok(answer),
    'GET /surveys': ok({ items: [] }),
    'PUT /surveys/7/draft': (request: FakeRequest) => {
      if (request.headers[DRAFT_REVISION_HEADER] !== answer.revision)
        return fails(409, 10035, { revision: answer.revision });
      store(request.body as SurveyDocument);
      return ok({ faults: [], updatedAt: '2026-11-02T10:00:00.000Z', revision: answer.revision });
    },
    'POST /surveys/7/publish': (request: FakeRequest) => {
      if (request.headers[DRAFT_REVISION_HEADER] !== answer.revision)
        return fails(409, 10035, { revision: answer.revision });
      if (!answer.draft) return fails(404, 10014, { draft: null });
      const published = { ...answer.published, version: 2, document: answer.draft.document };
      answer = { ...answer, revision: '2.0', published, draft: null };
      return ok({ version: 2, revision: '2.0' });
    },
  });
  return {
    api,
    /** Another tab (or another manager) saves the draft. */
    savedElsewhere: store,
    draftName: () => answer.draft?.document.survey.name,
    revision: () => answer.revision,
  };
}

/** Opens the editor, lets another tab save the draft, then renames the survey and saves: refused. */
async function staleSave() {
  const server = revisedServer();
  const view = renderConsole('/surveys/7');
  const name = await screen.findByRole('textbox', { name: 'Name' });
  server.savedElsewhere(named('Their survey'));
  await view.user.clear(name);
  await view.user.type(name, 'My survey');
  await view.user.click(screen.getByRole('button', { name: 'Save draft' }));
  const alert = await screen.findByRole('alert', { name: 'This survey was changed elsewhere' });
  return { ...server, ...view, alert };
}

describe('the editor when the draft changed elsewhere', () => {
  it('O15.53 a save refused as stale says so plainly and keeps the edits unsaved; nothing is stored', async () => {
    const { api, alert, container, draftName } = await staleSave();
    expect(alert).toHaveTextContent(/your change was not saved\. Your edits are still here/);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('My survey');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.queryByText('Draft saved')).not.toBeInTheDocument();
    // Based on what it opened, not on the other tab's save.
    expect(api.calls('PUT /surveys/7/draft')[0]?.headers[DRAFT_REVISION_HEADER]).toBe('1.0');
    expect(draftName()).toBe('Their survey');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('O15.53 "Load the latest" asks first, then shows the draft saved elsewhere in place of the edits', async () => {
    const { alert, user } = await staleSave();
    await user.click(within(alert).getByRole('button', { name: 'Load the latest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load the latest version?' });
    expect(dialog).toHaveTextContent('Your edits that are not saved here are lost.');
    // Cancelled, nothing is lost yet.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('My survey');

    await user.click(within(alert).getByRole('button', { name: 'Load the latest' }));
    const again = await screen.findByRole('dialog', { name: 'Load the latest version?' });
    await user.click(within(again).getByRole('button', { name: 'Load the latest' }));
    expect(await screen.findByText('The latest version is loaded')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Their survey');
    expect(
      screen.queryByRole('alert', { name: 'This survey was changed elsewhere' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Draft saved, not published')).toBeInTheDocument();
  });

  it('O15.53 "Overwrite with mine" asks first, then saves the edits based on the revision of now', async () => {
    const { api, alert, user, draftName, revision } = await staleSave();
    const theirs = revision();
    await user.click(within(alert).getByRole('button', { name: 'Overwrite with mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overwrite the other changes?' });
    expect(dialog).toHaveTextContent('The changes made elsewhere since you opened the survey are lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Your version is now the draft')).toBeInTheDocument();
    expect(draftName()).toBe('My survey');
    expect(api.calls('PUT /surveys/7/draft')[1]?.headers[DRAFT_REVISION_HEADER]).toBe(theirs);
    expect(
      screen.queryByRole('alert', { name: 'This survey was changed elsewhere' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();

    // The next save is based on the overwrite's revision: stored, no conflict.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(draftName()).toBe('My survey!'));
  });

  it('O15.53 Publish saves, then publishes on the revision that save answered; a stale publish is the same choice', async () => {
    const { api, savedElsewhere, revision, user } = { ...revisedServer(), ...renderConsole('/surveys/7') };
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' one');
    const publish = screen.getByRole('button', { name: 'Publish' });
    await waitFor(() => expect(publish).toBeEnabled());
    await user.click(publish);
    expect(await screen.findByText('Published: guests get the new version')).toBeInTheDocument();
    expect(api.calls('PUT /surveys/7/draft')[0]?.headers[DRAFT_REVISION_HEADER]).toBe('1.0');
    expect(api.calls('POST /surveys/7/publish')[0]?.headers[DRAFT_REVISION_HEADER]).toBe(
      `1.${'1'.padStart(32, '0')}`,
    );

    // Saved here, then changed in another tab: publishing what this tab saw is refused, nothing published.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' two');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved, not published');
    savedElsewhere(named('Their survey'));
    const theirs = revision();
    await waitFor(() => expect(publish).toBeEnabled());
    await user.click(publish);
    expect(
      await screen.findByRole('alert', { name: 'This survey was changed elsewhere' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lunch survey one two');
    expect(revision()).toBe(theirs);
    // The conflict alone says what happened: no generic failure beside it.
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });
});
