import { screen, waitFor, within } from '@testing-library/react';
import type { SurveyDocument } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { type FakeRequest, fails, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { fixtureDocument } from '../../test/survey-document';
import { setIn } from './document-edit';
import { fixtureAnswer } from './survey-fixtures';

/** The fake server's survey 7: PUT …/draft keeps the draft, POST …/publish makes it version n+1. */
function surveyServer(me = OWNER, editable = true) {
  let answer = fixtureAnswer({ editable });
  return fakeApi({
    'GET /me': ok(me),
    'GET /surveys/7/document': () => ok(answer),
    'PUT /surveys/7/draft': (request: FakeRequest) => {
      const document = request.body as SurveyDocument;
      answer = {
        ...answer,
        draft: { document, basedOn: 1, updatedAt: '2026-11-02T10:00:00.000Z', updatedBy: null, faults: [] },
      };
      return ok({ faults: [], updatedAt: '2026-11-02T10:00:00.000Z' });
    },
    'POST /surveys/7/publish': () => {
      if (!answer.draft) return fails(409, 10024);
      const version = answer.published.version + 1;
      answer = {
        ...answer,
        published: { ...answer.published, version, document: answer.draft.document },
        draft: null,
      };
      return ok({ version });
    },
    'GET /surveys/7/versions': ok({
      items: [{ version: 1, publishedAt: '2026-11-01T10:00:00.000Z', publishedBy: null, restoredFrom: null }],
    }),
  });
}

const slugBox = () => screen.getByRole('textbox', { name: 'Address (slug)' });

describe('survey editor', () => {
  it('O15.24 shows a fault next to its field as it is typed, and publishing waits until it is mended', async () => {
    const api = surveyServer();
    const { user, container } = renderConsole('/surveys/7');
    await screen.findByRole('heading', { level: 1, name: 'Lunch survey' });
    expect(await axeViolations(container)).toEqual([]);
    const publish = screen.getByRole('button', { name: 'Publish' });
    // Nothing changed and no draft: nothing to publish yet.
    expect(publish).toBeDisabled();

    await user.clear(slugBox());
    await user.type(slugBox(), 'Lunch Time');
    await waitFor(() => expect(slugBox()).toHaveAccessibleDescription(/Use lower-case letters/));
    expect(slugBox()).toHaveAttribute('aria-invalid', 'true');
    expect(publish).toBeDisabled();
    // The summary lists it, and its link opens the part that holds the field.
    expect(screen.getByRole('region', { name: '1 problem stops publishing' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await user.clear(slugBox());
    await user.type(slugBox(), 'lunch-time');
    await waitFor(() => expect(slugBox()).not.toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(publish).toBeEnabled());
    expect(screen.queryByRole('region', { name: /stops? publishing/ })).not.toBeInTheDocument();

    await user.click(publish);
    expect(await screen.findByText('Published: guests get the new version')).toBeInTheDocument();
    // The unsaved change was saved as the draft first, then published.
    expect(api.calls('PUT /surveys/7/draft')[0]?.body).toMatchObject({ survey: { slug: 'lunch-time' } });
    expect(api.calls('POST /surveys/7/publish')).toHaveLength(1);
    expect(await screen.findByText('Version 2')).toBeInTheDocument();
  });

  it('saves the whole document with PUT …/draft', async () => {
    const api = surveyServer();
    const { user } = renderConsole('/surveys/7');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Dinner survey');
    // The own language is always offered (O15.21): choosing another one offers it too.
    await user.click(screen.getByRole('combobox', { name: 'Survey language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const expected = fixtureDocument();
    expect(api.calls('PUT /surveys/7/draft')[0]?.body).toEqual({
      ...expected,
      survey: { ...expected.survey, name: 'Dinner survey', templateLocale: 'de' },
      languages: ['en-gb', 'de'],
    });
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    surveyServer();
    const { user, router } = renderConsole('/surveys/7');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('link', { name: 'Translations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/surveys/7');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lunch survey!');
  });

  it('shows the server’s refusal next to its field (a slug another survey has, 10025)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys/7/document': ok(fixtureAnswer()),
      'PUT /surveys/7/draft': fails(400, 10025, {
        fields: [{ field: 'survey.slug', message: 'editor.slugTaken' }],
      }),
    });
    const { user } = renderConsole('/surveys/7');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(slugBox()).toHaveAccessibleDescription(/Another survey already uses this address/),
    );
  });

  it('O15.4 a rule naming a removed indicator shows its fault on the indicator rule, found from the outline', async () => {
    const doc = setIn(fixtureDocument(), 'survey.staffSelector.indicatorRule.indicatorId', 9);
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys/7/document': ok(
        fixtureAnswer({
          draft: {
            document: doc,
            basedOn: 1,
            updatedAt: '2026-11-02T10:00:00.000Z',
            updatedBy: null,
            faults: [],
          },
        }),
      ),
    });
    const { user } = renderConsole('/surveys/7');
    const summary = await screen.findByRole('region', { name: /stops? publishing/ });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(summary).getByRole('button', { name: 'Staff selector' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Staff selector' })).toBeInTheDocument();
    expect(screen.getByText('There is no indicator 9 (it may have been removed)')).toBeInTheDocument();
  });

  it('draws every part’s form, with an item in each list, without an axe violation', async () => {
    surveyServer();
    const { user, container } = renderConsole('/surveys/7');
    const outline = await screen.findByRole('navigation', { name: 'Survey outline' });
    const parts: [string, string | null][] = [
      ['Sections', 'Add section'],
      ['Indicators', 'Add indicator'],
      ['Question limits', null],
      ['Staff selector', 'Add tag'],
      ['Sharing & review sites', 'Add review site'],
      ['Vouchers', 'Add voucher'],
      ['Branding', null],
      ['Survey settings', 'Add text'],
    ];
    for (const [part, add] of parts) {
      await user.click(within(outline).getByRole('button', { name: part }));
      expect(await screen.findByRole('heading', { level: 2, name: part })).toBeInTheDocument();
      if (add) await user.click(screen.getByRole('button', { name: add }));
      expect(await axeViolations(container), part).toEqual([]);
    }
    // A new voucher is an incentive: no chance, so no fault (O15.11).
    await user.click(within(outline).getByRole('button', { name: 'Vouchers' }));
    expect(screen.getByRole('textbox', { name: /Chance/ })).toHaveValue('');
  }, 90_000);

  it('adds a question from the Add question menu and shows its form', async () => {
    surveyServer();
    const { user } = renderConsole('/surveys/7');
    const outline = await screen.findByRole('navigation', { name: 'Survey outline' });
    expect(within(outline).getByRole('button', { name: 'Questions (1)' })).toBeInTheDocument();
    await user.click(within(outline).getByRole('button', { name: 'Add question' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Comment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2' })).toBeInTheDocument();
    expect(within(outline).getByRole('button', { name: 'Questions (2)' })).toBeInTheDocument();
    expect(within(outline).getByRole('button', { name: /^Untitled question 2/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('O1.10 shows a viewer every field read-only, with nothing to save or publish', async () => {
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /surveys/7/document': ok(fixtureAnswer({ editable: false })) });
    const { user, container } = renderConsole('/surveys/7');
    expect(await screen.findByText('You can see this survey but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /till’s checks/ })).toBeDisabled();
    for (const name of ['Save draft', 'Publish', 'Discard draft', 'Add question'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Indicators' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add indicator' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('lists the history and restores a version as the draft', async () => {
    const restore = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys/7/document': ok(fixtureAnswer()),
      'GET /surveys/7/versions': ok({
        items: [
          {
            version: 2,
            publishedAt: '2026-11-02T10:00:00.000Z',
            publishedBy: { id: 1, name: 'Olivia Owner' },
            restoredFrom: null,
          },
          { version: 1, publishedAt: '2026-11-01T10:00:00.000Z', publishedBy: null, restoredFrom: null },
        ],
      }),
      'POST /surveys/7/versions/1/restore': ok({}),
    });
    const { user } = renderConsole('/surveys/7');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Published versions' });
    expect(within(dialog).getByText('Olivia Owner')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1 as draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1 as the draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore as draft' }));
    expect(await screen.findByText('Version 1 is now the draft')).toBeInTheDocument();
    expect(restore.calls('POST /surveys/7/versions/1/restore')).toHaveLength(1);
  });
});
