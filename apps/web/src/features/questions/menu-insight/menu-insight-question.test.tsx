import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AspectRating,
  type MenuInsightConfig,
  type Product,
  type QuestionAnswer,
  QuestionType,
  questionSchema,
  type Transaction,
} from '@venue-voice/domain';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../../platform/api';
import { ApiProvider } from '../../../platform/api-context';
import { i18n } from '../../../platform/i18n';
import { emptySession, useGuestSession } from '../../../shared/session/session-store';
import { fakeApi } from '../../../test/render-app';
import { bistroSurvey } from '../test-fixtures';
import { MenuInsightQuestion } from './menu-insight-question';

const reasons = (...texts: string[]) => texts.map((text, index) => ({ id: index + 1, text }));
const withFollowUps: MenuInsightConfig = {
  menuType: 1,
  mode: 1,
  menuFamilyGroupRef: null,
  menuMajorGroupRef: null,
  followUpQuestion: true,
  subQuestions: [
    { id: 'reasons', type: 'reasons', label: 'What stood out?', props: {}, required: false, showIf: null },
    {
      id: 'comments',
      type: 'comments',
      label: 'Any comments on this dish?',
      props: {},
      required: true,
      showIf: null,
    },
  ],
  reasonSections: [
    { aspectRatingId: AspectRating.GOOD, title: 'Liked', showIf: null, reasons: reasons('Tasty', 'Hot') },
    { aspectRatingId: AspectRating.BAD, title: 'Wrong', showIf: null, reasons: [{ id: 9, text: 'Cold' }] },
  ],
};

const transaction: Transaction = {
  check: { covers: 2, subtotal: 40, avgSpentPerHead: 20, checkOpenTime: '2025-03-14 18:00:00' },
  checkOpenTime: '2025-03-14 18:00:00',
  menuItems: [
    {
      menuItemObjectNumber: '1013',
      menuItemName: 'Beef burger',
      type: 1,
      majorGroupId: 2,
      majorGroupName: 'Mains',
      familyGroupId: 3,
      familyGroupName: 'Grill',
    },
    {
      menuItemObjectNumber: '1034',
      menuItemName: 'Cola',
      type: 2,
      majorGroupId: 4,
      majorGroupName: 'Drinks',
      familyGroupId: 6,
      familyGroupName: 'Soft',
    },
  ],
};

const product = (n: number, name = `Dish ${n}`, family = 'grill'): Product => ({
  id: n,
  ref: String(2000 + n),
  name,
  type: 1,
  majorGroupId: 2,
  familyGroupId: 3,
  major_group_ref: 'mains',
  major_group_name: 'Mains',
  family_group_ref: family,
});

function Question({ config, api }: { config: MenuInsightConfig; api: WebApi }) {
  const [answer, setAnswer] = useState<QuestionAnswer | undefined>();
  const question = questionSchema.parse({
    id: 110,
    templateId: 1,
    sectionId: 'menu',
    questionType: QuestionType.MENU_INSIGHT,
    text: 'How were your dishes?',
    menuInsight: config,
  });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider api={api}>
          <MenuInsightQuestion
            survey={bistroSurvey()}
            question={question}
            answer={answer}
            onAnswer={setAnswer}
            disabled={false}
          />
          <output data-testid="answer">{JSON.stringify(answer ?? null)}</output>
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
// The answer as the run would hold it (a test probe, read by id: a modal hides the rest from roles).
const answer = () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null');
const noGroups = async () => ({ majorGroups: [], familyGroups: [] });

beforeEach(() => {
  useGuestSession.setState({ ...emptySession, slug: 'demo-bistro', transaction });
});

describe('menu-insight question', () => {
  it('lists the receipt’s dishes of the question’s type', () => {
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups })} />);
    expect(screen.getByRole('group', { name: 'Beef burger' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Cola' })).not.toBeInTheDocument();
  });

  it('G4.40 G4.42 G4.44 G4.46 a rating is recorded at once and opens the dialog; Done saves reasons and comment', async () => {
    const user = userEvent.setup();
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups })} />);
    await user.click(
      within(screen.getByRole('group', { name: 'Beef burger' })).getByRole('button', { name: 'Good' }),
    );
    expect(answer()).toEqual({ extra: { menuInsight: [{ ref: '1013', aspectRatingId: 3, reasons: [] }] } });
    const dialog = screen.getByRole('dialog', { name: 'Beef burger' });
    // Reasons of the chosen rating only; Done needs only the rating although the comment is marked required.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['1', '2']);
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tasty' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Any comments on this dish/ }), 'Juicy');
    // G4.49 a new rating applies at once and drops reasons it no longer offers.
    await user.click(within(dialog).getByRole('radio', { name: 'Bad' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['9']);
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hot' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(answer()).toEqual({
      extra: { menuInsight: [{ ref: '1013', aspectRatingId: 3, reasons: [2], comment: 'Juicy' }] },
    });
  });

  it('G4.46 each reason section shows under its own title, inside the reasons sub-question', async () => {
    const user = userEvent.setup();
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups })} />);
    await user.click(
      within(screen.getByRole('group', { name: 'Beef burger' })).getByRole('button', { name: 'Bad' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Beef burger' });
    const stoodOut = within(dialog).getByRole('group', { name: 'What stood out?' });
    const wrong = within(stoodOut).getByRole('group', { name: 'Wrong' });
    expect(within(wrong).getByRole('checkbox', { name: 'Cold' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Liked' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    const liked = within(dialog).getByRole('group', { name: 'Liked' });
    await user.click(within(liked).getByRole('checkbox', { name: 'Hot' }));
    expect(within(liked).getByRole('checkbox', { name: 'Hot' })).toBeChecked();
    expect(within(dialog).queryByRole('group', { name: 'Wrong' })).not.toBeInTheDocument();
  });

  it('G4.48 G4.43 closing unsaved asks; Clear removes the dish', async () => {
    const user = userEvent.setup();
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups })} />);
    await user.click(
      within(screen.getByRole('group', { name: 'Beef burger' })).getByRole('button', { name: 'OK' }),
    );
    await user.type(screen.getByRole('textbox', { name: /Any comments/ }), 'Fine');
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answer()).toEqual({ extra: { menuInsight: [{ ref: '1013', aspectRatingId: 2, reasons: [] }] } });
    await user.click(screen.getByRole('button', { name: 'Add details' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(answer()).toEqual({});
  });

  it('G4.41 without follow-ups, pressing the chosen rating again clears the dish', async () => {
    const user = userEvent.setup();
    render(
      <Question
        config={{ ...withFollowUps, followUpQuestion: false }}
        api={fakeApi({ menuGroups: noGroups })}
      />,
    );
    const good = within(screen.getByRole('group', { name: 'Beef burger' })).getByRole('button', {
      name: 'Good',
    });
    await user.click(good);
    expect(good).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(good);
    expect(good).toHaveAttribute('aria-pressed', 'false');
    expect(answer()).toEqual({});
  });

  it('G5.1 searches from 3 characters, 500 ms after the last key; fewer ask for more', async () => {
    vi.useFakeTimers();
    try {
      const menuProducts = vi.fn(async () => [product(1, 'Chicken wings'), product(2, 'Half roast chicken')]);
      render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups, menuProducts })} />);
      const box = screen.getByRole('searchbox', { name: 'Search the menu' });
      fireEvent.input(box, { target: { value: 'ch' } });
      expect(screen.getByText('More characters required')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
      expect(menuProducts).not.toHaveBeenCalled();
      fireEvent.input(box, { target: { value: 'chi' } });
      fireEvent.input(box, { target: { value: 'chic' } });
      await act(async () => {
        vi.advanceTimersByTime(499);
      });
      expect(menuProducts).not.toHaveBeenCalled();
      await act(async () => {
        vi.advanceTimersByTime(2);
      });
      // Let the query resolve and notify (react-query schedules its updates on timers too).
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(screen.getByRole('group', { name: 'Chicken wings' })).toBeInTheDocument();
      expect(menuProducts).toHaveBeenCalledTimes(1);
      expect(menuProducts).toHaveBeenCalledWith(
        'demo-bistro',
        'en-gb',
        { type: 1, text: 'chic', offset: 0, limit: 25 },
        expect.anything(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when a search finds nothing', async () => {
    const menuProducts = vi.fn(async () => []);
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups: noGroups, menuProducts })} />);
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No results', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('G9.1 a category opens full screen, 25 dishes a page, the next page on scrolling to the end', async () => {
    const user = userEvent.setup();
    const page = (offset: number) =>
      Array.from({ length: offset === 0 ? 25 : 3 }, (_, i) =>
        product(offset + i + 1, undefined, i % 2 ? 'pasta' : 'grill'),
      );
    const menuProducts = vi.fn(async (_slug: string, _language: string, query: { offset?: number }) =>
      page(query.offset ?? 0),
    );
    const menuGroups = async () => ({
      majorGroups: [
        { id: 1, ref: 'starters', name: 'Starters', isMisc: false },
        { id: 2, ref: 'mains', name: 'Mains', isMisc: false },
      ],
      familyGroups: [
        { id: 3, ref: 'grill', name: 'Grill', weight: 1 },
        { id: 4, ref: 'pasta', name: 'Pasta', weight: 2 },
      ],
    });
    render(<Question config={withFollowUps} api={fakeApi({ menuGroups, menuProducts })} />);
    await user.click(await screen.findByRole('button', { name: 'Mains' }));
    const dialog = screen.getByRole('dialog', { name: 'Mains' });
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('mains');
    const list = await within(dialog).findByRole('list', { name: 'Mains' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Grill', 'Pasta']);
    Object.defineProperties(list, {
      scrollTop: { value: 1000, configurable: true },
      clientHeight: { value: 400, configurable: true },
      scrollHeight: { value: 1420, configurable: true },
    });
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).getAllByRole('group')).toHaveLength(28));
    expect(menuProducts).toHaveBeenLastCalledWith(
      'demo-bistro',
      'en-gb',
      { type: 1, majorGroupRef: 'mains', offset: 25, limit: 25 },
      expect.anything(),
    );
    // A subcategory tab narrows the list on the server.
    await user.click(within(dialog).getByRole('tab', { name: 'Pasta' }));
    expect(within(dialog).getByRole('tab', { name: 'Pasta' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(menuProducts).toHaveBeenLastCalledWith(
        'demo-bistro',
        'en-gb',
        { type: 1, majorGroupRef: 'mains', familyGroupRef: 'pasta', offset: 0, limit: 25 },
        expect.anything(),
      ),
    );
  });
});
