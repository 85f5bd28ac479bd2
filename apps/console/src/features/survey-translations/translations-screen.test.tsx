import { screen, waitFor, within } from '@testing-library/react';
import { DRAFT_REVISION_HEADER, type SurveyDocument, type Translations } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { fails, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { documentAnswer, surveyDocument } from './translations-fixtures';

// surveyDocument(2): survey name, section name and title, indicator name, and per question its text and two
// answers: 10 texts.
const ALL_DE: Record<string, string> = {
  'survey.name': 'Terrasse',
  'sections.main.name': 'Haupt',
  'sections.main.title': 'Wie war es?',
  'indicators.1.name': 'Essen',
  'questions.100.text': 'Fragetext 1',
  'questions.100.answers.1': 'Ja 1',
  'questions.100.answers.2': 'Nein 1',
  'questions.101.text': 'Fragetext 2',
  'questions.101.answers.1': 'Ja 2',
  'questions.101.answers.2': 'Nein 2',
};
const without = (texts: Record<string, string>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(texts).filter(([key]) => !keys.includes(key)));

function serve(answer: ReturnType<typeof documentAnswer>, me = OWNER) {
  return fakeApi({
    'GET /me': ok(me),
    'GET /surveys/7/document': ok(answer),
    'PUT /surveys/7/draft': ok({ faults: [], updatedAt: '2026-11-28T08:00:00Z' }),
  });
}

const missingList = () => screen.getByRole('list', { name: 'Missing texts per language' });
const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('survey translations (issue 31 item 2)', () => {
  it.each<[string, Translations, string[]]>([
    [
      'nothing translated',
      {},
      ['Deutsch: 10 texts missing', 'Italiano: 10 texts missing', 'Español: 10 texts missing'],
    ],
    [
      'German lacks one, a blank Italian text counts as missing',
      { de: without(ALL_DE, 'questions.101.answers.2'), it: { 'survey.name': '  ' } },
      ['Deutsch: 1 text missing', 'Italiano: 10 texts missing', 'Español: 10 texts missing'],
    ],
    [
      'German complete, Spanish lacks all but the name',
      { de: ALL_DE, es: { 'survey.name': 'Terraza' } },
      ['Deutsch: complete', 'Italiano: 10 texts missing', 'Español: 9 texts missing'],
    ],
  ])('O15.22 counts the missing texts of each language: %s', async (_case, translations, expected) => {
    serve(documentAnswer(surveyDocument(2, ['en-gb', 'de'], translations)));
    renderConsole('/surveys/7/translations');
    await screen.findByRole('heading', { name: 'Translations: Terrace', level: 1 });
    const items = within(missingList())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(expected.map((text, index) => (index === 0 ? text : `${text} (not offered)`)));
  });

  it('O15.24 says an offered language lacking texts stops a publish, and not once it is complete', async () => {
    serve(documentAnswer(surveyDocument(2, ['en-gb', 'de'], { de: without(ALL_DE, 'survey.name') })));
    const { user } = renderConsole('/surveys/7/translations');
    expect(
      await screen.findByText(/Cannot be published yet: texts are missing in Deutsch/),
    ).toBeInTheDocument();
    await user.type(textbox('Survey name, Survey (Deutsch)'), 'Terrasse');
    expect(screen.queryByText(/Cannot be published yet/)).not.toBeInTheDocument();
    expect(within(missingList()).getByText('Deutsch: complete')).toBeInTheDocument();
  });

  it('groups the texts by where they are, each beside the own-language text', async () => {
    serve(documentAnswer(surveyDocument(2)));
    renderConsole('/surveys/7/translations');
    const table = await screen.findByRole('table');
    const groups = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(groups).toEqual(['Survey', 'Section: Main', 'Indicator: Food', 'Question 1', 'Question 2']);
    const row = textbox('Answer 2, Question 1 (Deutsch)').closest('tr') as HTMLElement;
    expect(within(row).getByText('No 1')).toBeInTheDocument();
    expect(textbox('Title, Section: Main (Deutsch)')).toHaveValue('');
  });

  it.each([
    ['typed in and left with Tab', async (user: ReturnType<typeof renderConsole>['user']) => user.tab()],
    [
      'typed in and left by a click elsewhere',
      async (user: ReturnType<typeof renderConsole>['user']) => user.click(document.body),
    ],
  ])('a text filled in leaves "Missing only" once %s', async (_case, leave) => {
    serve(
      documentAnswer(
        surveyDocument(2, ['en-gb', 'de'], { de: without(ALL_DE, 'survey.name', 'questions.100.text') }),
      ),
    );
    const { user } = renderConsole('/surveys/7/translations');
    await user.click(await screen.findByRole('switch', { name: 'Missing only' }));
    const shown = () => screen.getAllByRole('textbox').map((box) => box.getAttribute('aria-label'));
    expect(shown()).toEqual(['Survey name, Survey (Deutsch)', 'Question, Question 1 (Deutsch)']);
    await user.type(textbox('Question, Question 1 (Deutsch)'), 'Fragetext 1');
    // While typing the row stays where it is.
    expect(shown()).toHaveLength(2);
    await leave(user);
    expect(shown()).toEqual(['Survey name, Survey (Deutsch)']);
    expect(within(missingList()).getByText('Deutsch: 1 text missing')).toBeInTheDocument();
  });

  it('says when nothing is missing in the chosen language', async () => {
    serve(documentAnswer(surveyDocument(2, ['en-gb', 'de'], { de: ALL_DE })));
    const { user } = renderConsole('/surveys/7/translations');
    await user.click(await screen.findByRole('switch', { name: 'Missing only' }));
    expect(screen.getByText('Nothing is missing in Deutsch.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Italiano' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(10);
    expect(textbox('Survey name, Survey (Italiano)')).toHaveValue('');
  });

  it.each<[string, { published: SurveyDocument; draft?: SurveyDocument }, string]>([
    [
      'the draft when there is one',
      {
        published: surveyDocument(1, ['en-gb']),
        draft: surveyDocument(2, ['en-gb', 'de'], { de: { 'survey.name': 'Terrasse' } }),
      },
      'You are translating the draft.',
    ],
    [
      'the published version when there is no draft',
      { published: surveyDocument(2, ['en-gb', 'de'], { de: { 'survey.name': 'Terrasse' } }) },
      'There is no draft: saving makes one from version 3',
    ],
  ])('O15.21 saves the translations and languages of %s as the draft', async (_case, docs, note) => {
    const api = serve(documentAnswer(docs.published, docs.draft ? { draft: docs.draft } : {}));
    const { user } = renderConsole('/surveys/7/translations');
    expect(await screen.findByText(new RegExp(note))).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save draft' });
    expect(save).toBeDisabled();
    // The survey's own language is always offered.
    expect(screen.getByRole('checkbox', { name: 'English (the survey’s own language)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Italiano' }));
    await user.type(textbox('Question, Question 2 (Deutsch)'), 'Fragetext 2');
    await user.click(screen.getByRole('radio', { name: 'Italiano' }));
    await user.type(textbox('Survey name, Survey (Italiano)'), 'Terrazza');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('Translations saved in the draft')).toBeInTheDocument();
    const sent = api.calls('PUT /surveys/7/draft');
    expect(sent).toHaveLength(1);
    const base = docs.draft ?? docs.published;
    expect(sent[0]?.body).toEqual({
      ...base,
      languages: ['en-gb', 'de', 'it'],
      translations: {
        de: { 'survey.name': 'Terrasse', 'questions.101.text': 'Fragetext 2' },
        it: { 'survey.name': 'Terrazza' },
      },
    });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('a text cleared again is sent as missing, not as a blank', async () => {
    const api = serve(documentAnswer(surveyDocument(2, ['en-gb', 'de'], { de: ALL_DE })));
    const { user } = renderConsole('/surveys/7/translations');
    await user.clear(await screen.findByRole('textbox', { name: 'Survey name, Survey (Deutsch)' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Translations saved in the draft');
    expect(
      (api.calls('PUT /surveys/7/draft')[0]?.body as SurveyDocument | undefined)?.translations.de,
    ).toEqual(without(ALL_DE, 'survey.name'));
  });

  it('O1.10 is read-only for whoever may not edit the survey', async () => {
    const api = serve(documentAnswer(surveyDocument(2), { editable: false }), VIEWER);
    renderConsole('/surveys/7/translations');
    expect(await screen.findByText(/your role does not let you change them/)).toBeInTheDocument();
    expect(textbox('Survey name, Survey (Deutsch)')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Italiano' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(api.calls('PUT /surveys/7/draft')).toHaveLength(0);
  });

  it('pages a survey of 200 questions 50 texts at a time, naming a group again where a page starts in it', async () => {
    serve(documentAnswer(surveyDocument(200)));
    const { user } = renderConsole('/surveys/7/translations');
    // 4 survey texts and 3 per question: 604 texts, 13 pages.
    expect(await screen.findByText('Texts 1–50 of 604')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Texts 51–100 of 604')).toBeInTheDocument();
    // Text 51 is question 16's first answer (4 + 15 × 3 = 49 texts come before question 16's own text).
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('Question 16');
    expect(screen.getAllByRole('textbox')[0]).toHaveAccessibleName('Answer 1, Question 16 (Deutsch)');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Texts 101–150 of 604')).toBeInTheDocument();
  });

  it('starts from the draft the editor has just saved, not from the answer the editor had cached', async () => {
    // A fake server with state: GET …/document answers the draft last PUT.
    let answer = documentAnswer(surveyDocument(2, ['en-gb']));
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys/7/document': () => ok(answer),
      'GET /surveys': ok({ items: [] }),
      'PUT /surveys/7/draft': (request) => {
        answer = documentAnswer(answer.published.document, { draft: request.body as SurveyDocument });
        return ok({ faults: [], updatedAt: '2026-11-28T08:00:00Z' });
      },
    });
    const { user } = renderConsole('/surveys/7');
    // The editor offers Italian and saves the draft; then Translations.
    await user.click(await screen.findByRole('checkbox', { name: 'Italiano' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(answer.draft?.document.languages).toEqual(['en-gb', 'it']));
    await user.click(screen.getByRole('link', { name: 'Translations' }));
    await screen.findByRole('heading', { level: 1, name: 'Translations: Terrace' });
    expect(await screen.findByText(/You are translating the draft/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Italiano' })).toBeChecked();
    expect(within(missingList()).getByText('Italiano: 10 texts missing')).toBeInTheDocument();
  });

  it('O15.53 a save refused as stale keeps the texts typed, then loads the latest or overwrites it', async () => {
    const published = surveyDocument(2, ['en-gb', 'de']);
    const withGerman = (name: string) => ({ ...published, translations: { de: { 'survey.name': name } } });
    let answer = documentAnswer(published);
    let saves = 0;
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys/7/document': () => ok(answer),
      'GET /surveys': ok({ items: [] }),
      'PUT /surveys/7/draft': (request) => {
        if (request.headers[DRAFT_REVISION_HEADER] !== answer.revision)
          return fails(409, 10035, { revision: answer.revision });
        saves += 1;
        answer = {
          ...documentAnswer(published, { draft: request.body as SurveyDocument }),
          revision: `3.${saves}`.padEnd(34, 'b'),
        };
        return ok({ faults: [], updatedAt: '2026-11-28T08:00:00Z', revision: answer.revision });
      },
    });
    const { user } = renderConsole('/surveys/7/translations');
    const name = await screen.findByRole('textbox', { name: 'Survey name, Survey (Deutsch)' });
    // Another tab saves a German name meanwhile: this screen's save, based on version 3, is refused.
    answer = {
      ...documentAnswer(published, { draft: withGerman('Ihre Terrasse') }),
      revision: `3.${'a'.repeat(32)}`,
    };
    await user.type(name, 'Meine Terrasse');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert', { name: 'This survey was changed elsewhere' });
    expect(name).toHaveValue('Meine Terrasse');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // Overwrite: the same document, based on the revision the refusal named.
    await user.click(within(alert).getByRole('button', { name: 'Overwrite with mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overwrite the other changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Translations saved in the draft')).toBeInTheDocument();
    const sent = api.calls('PUT /surveys/7/draft');
    expect(sent.map((r) => r.headers[DRAFT_REVISION_HEADER])).toEqual(['3.0', `3.${'a'.repeat(32)}`]);
    expect((sent[1]?.body as SurveyDocument | undefined)?.translations.de?.['survey.name']).toBe(
      'Meine Terrasse',
    );

    // Load the latest: another save elsewhere again, refused, and the screen starts from it.
    answer = {
      ...documentAnswer(published, { draft: withGerman('Ihre Terrasse') }),
      revision: `3.${'c'.repeat(32)}`,
    };
    await user.type(screen.getByRole('textbox', { name: 'Survey name, Survey (Deutsch)' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const again = await screen.findByRole('alert', { name: 'This survey was changed elsewhere' });
    await user.click(within(again).getByRole('button', { name: 'Load the latest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Load the latest version?' });
    await user.click(within(confirm).getByRole('button', { name: 'Load the latest' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Survey name, Survey (Deutsch)' })).toHaveValue(
        'Ihre Terrasse',
      ),
    );
    expect(
      screen.queryByRole('alert', { name: 'This survey was changed elsewhere' }),
    ).not.toBeInTheDocument();
  });

  it('has no accessibility violations (axe)', async () => {
    serve(documentAnswer(surveyDocument(2, ['en-gb', 'de'], { de: without(ALL_DE, 'survey.name') })));
    renderConsole('/surveys/7/translations');
    await screen.findByRole('table');
    expect(await axeViolations()).toEqual([]);
  });
});
