import { fireEvent, screen, within } from '@testing-library/react';
import {
  AskQuestionWhen,
  ContextFilterType,
  ScoreDirection,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { previewQuestion, previewSurvey } from '../../test/survey-document';

// Issue 31 item 4, decision 0258: the preview frame and the Engine panel.

const survey = previewSurvey();
const question = previewQuestion;
const questions = [
  question(1, 'Always asked'),
  question(2, 'June special', { dateRangeFrom: '2026-06-01', dateRangeTo: '2026-06-30' }),
  question(3, 'About your receipt', { txAskQuestion: AskQuestionWhen.WHEN_TRANSACTION }),
  question(4, 'Did you ask for a receipt?', { txAskQuestion: AskQuestionWhen.WHEN_NO_TRANSACTION }),
  question(5, 'Big table', {
    contextFilters: [
      { type: ContextFilterType.NUMBER_IN_PARTY, direction: ScoreDirection.GREATER, value: 6 },
    ],
  }),
];

const answer = (language: 'en-gb' | 'de' = 'en-gb', missing: string[] = []): SurveyPreviewAnswer => ({
  config: { surveys: [survey], questions },
  language,
  which: 'draft',
  version: 1,
  branchId: 1,
  missingTexts: missing,
  languages: ['en-gb', 'de'],
});

const previewRoute = (request: FakeRequest) =>
  request.query.get('language') === 'de' ? ok(answer('de', ['questions.1.text'])) : ok(answer());

/** The visit as the panel takes it; each field only when the row sets it. */
interface Visit {
  receipt?: { covers: number };
  date: string;
  partySize?: number;
}

const visits: { name: string; visit: Visit; asked: string[]; notAsked: Record<string, string> }[] = [
  {
    name: 'G4.17/G4.18 no receipt, in July: the June question is outside its dates; receipt rules both ways',
    visit: { date: '2026-07-10' },
    asked: ['Always asked', 'Did you ask for a receipt?'],
    notAsked: {
      'June special': 'Outside its dates',
      'About your receipt': 'Needs a receipt',
      'Big table': 'Its visit filters (party size, spend, time or day) do not match',
    },
  },
  {
    name: 'G4.17/G4.18 a receipt for two, in June: the June question and the receipt question are asked',
    visit: { receipt: { covers: 2 }, date: '2026-06-15' },
    asked: ['Always asked', 'June special', 'About your receipt'],
    notAsked: {
      'Did you ask for a receipt?': 'Asked only without a receipt',
      'Big table': 'Its visit filters (party size, spend, time or day) do not match',
    },
  },
  {
    name: 'G4.25 a receipt for eight: the big-table question is asked',
    visit: { receipt: { covers: 8 }, date: '2026-06-15' },
    asked: ['Always asked', 'June special', 'About your receipt', 'Big table'],
    notAsked: { 'Did you ask for a receipt?': 'Asked only without a receipt' },
  },
  {
    name: 'G4.25 no receipt but a party of seven typed: the big-table question is asked',
    visit: { date: '2026-05-31', partySize: 7 },
    asked: ['Always asked', 'Did you ask for a receipt?', 'Big table'],
    notAsked: { 'June special': 'Outside its dates', 'About your receipt': 'Needs a receipt' },
  },
];

describe('survey preview', () => {
  it('frames the guest app at phone size, then tablet size, and reloads it in another language', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      // The navigation's count of cases (decision 0267).
      'GET /cases/counts': ok({ unresolved: 0, overdue: 0 }),
      'GET /surveys/:id/preview-config': previewRoute,
    });
    const { user } = renderConsole('/surveys/4/preview');
    const frame = await screen.findByTitle('The survey as a guest sees it on a Phone');
    expect(frame.getAttribute('src')).toBe('/preview?survey=4&language=en-gb&which=draft');
    expect(frame).toHaveAttribute('width', '390');
    expect(frame).toHaveAttribute('height', '844');
    // As test/axe.ts runs it, without going into the frame (jsdom loads no page there; e2e has the guest's).
    const checked = await axe.run(document.body, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      checked.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Tablet' }));
    const tablet = screen.getByTitle('The survey as a guest sees it on a Tablet');
    expect(tablet).toHaveAttribute('width', '820');
    expect(tablet).toHaveAttribute('height', '1180');

    expect(screen.getByRole('radio', { name: 'Italiano (not offered)' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Deutsch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 text is missing in Deutsch');
    expect(screen.getByTitle('The survey as a guest sees it on a Tablet').getAttribute('src')).toBe(
      '/preview?survey=4&language=de&which=draft',
    );
    expect(api.calls('GET /surveys/4/preview-config').map((r) => r.query.get('language'))).toEqual([
      null,
      'de',
    ]);
    expect(api.unmatched).toEqual([]);
  });

  it.each(visits)('Engine: $name', async ({ visit, asked, notAsked }) => {
    // A viewer of the survey's branch may preview it (O1.9): the panel changes nothing.
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /surveys/:id/preview-config': previewRoute });
    const { user } = renderConsole('/surveys/4/preview');
    const panel = await screen.findByRole('region', { name: 'Engine' });
    const inPanel = within(panel);
    if (visit.receipt) {
      await user.click(inPanel.getByRole('radio', { name: 'Typed receipt' }));
      const covers = inPanel.getByRole('textbox', { name: 'Covers' });
      await user.clear(covers);
      await user.type(covers, String(visit.receipt.covers));
    }
    fireEvent.change(inPanel.getByLabelText('Visit date'), { target: { value: visit.date } });
    fireEvent.change(inPanel.getByLabelText('Visit time'), { target: { value: '19:30' } });
    if (visit.partySize !== undefined)
      await user.type(inPanel.getByRole('textbox', { name: /Party size/ }), String(visit.partySize));

    expect(
      inPanel.getByRole('heading', {
        name: `${asked.length} question${asked.length === 1 ? '' : 's'} would be asked`,
      }),
    ).toBeInTheDocument();
    const list = inPanel.getByRole('list', { name: 'Questions asked, in order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(' (Main)', '')),
    ).toEqual(asked);
    const rows = within(inPanel.getByRole('table', { name: 'Not asked' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      Object.fromEntries(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
      ),
    ).toEqual(notAsked);
  });
});
