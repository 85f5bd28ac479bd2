import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ContextFilterType,
  EposProductType,
  MenuInsightMode,
  QuestionType,
  ScoreDirection,
  type SurveyPreviewAnswer,
  type TillCheckItem,
} from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { type FakeRequest, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { previewQuestion, previewSurvey } from '../../test/survey-document';

// Issue 31 item 4, decision 0260: the Engine panel run on a check the till stored.

const survey = previewSurvey();
const question = previewQuestion;
const questions = [
  question(1, 'Always asked'),
  question(2, 'How was what you ordered?', { questionType: QuestionType.PRODUCT }),
  question(3, 'Rate your food', {
    questionType: QuestionType.MENU_INSIGHT,
    menuInsight: {
      menuType: EposProductType.FOOD,
      mode: MenuInsightMode.TYPE,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: false,
      subQuestions: [],
      reasonSections: [],
    },
  }),
  question(4, 'Big table', {
    contextFilters: [
      { type: ContextFilterType.NUMBER_IN_PARTY, direction: ScoreDirection.GREATER, value: 6 },
    ],
  }),
];

const answer: SurveyPreviewAnswer = {
  config: { surveys: [survey], questions },
  language: 'en-gb',
  which: 'draft',
  version: 1,
  branchId: 1,
  missingTexts: [],
  languages: ['en-gb'],
};

const line = (
  ref: string,
  name: string,
  type: EposProductType,
  family: string | null,
  major: string | null,
) => ({
  menuItemObjectNumber: ref,
  menuItemName: name,
  type,
  majorGroupId: major === null ? null : 1,
  majorGroupName: major,
  familyGroupId: family === null ? null : 1,
  familyGroupName: family,
  price: 9,
});

/** A check as GET /transactions answers it (the guest lookup's transaction inside). */
function tillCheck(
  id: number,
  checkId: string,
  covers: number,
  openedLocal: string,
  items = [] as ReturnType<typeof line>[],
): TillCheckItem {
  const subtotal = 20 * covers;
  const check = { covers, subtotal, avgSpentPerHead: 20, checkOpenTime: openedLocal, tableNumber: '12' };
  return {
    id,
    branchId: 1,
    checkId,
    tableId: '12',
    hasPin: true,
    openedAt: `${openedLocal.replace(' ', 'T')}Z`,
    openedLocal,
    open: true,
    rated: false,
    covers,
    subtotal,
    avgSpentPerHead: 20,
    transaction: { check, checkOpenTime: openedLocal, menuItems: items },
  };
}

const lunch = tillCheck(11, 'CHK-LUNCH', 2, '2026-06-14 13:05:00', [
  line('1001', 'Tomato soup', EposProductType.FOOD, 'Soups', 'Starters'),
  line('2001', 'Cola', EposProductType.DRINK, 'Soft drinks', 'Drinks'),
  line('1002', 'Beef burger', EposProductType.FOOD, 'Burgers', 'Mains'),
]);
const party = tillCheck(12, 'CHK-PARTY', 8, '2026-06-13 20:15:00');

const transactions = (request: FakeRequest) =>
  ok({ items: request.query.get('q') === 'PARTY' ? [party] : [lunch, party], nextCursor: null });

function start(me = OWNER) {
  const api = fakeApi({
    'GET /me': ok(me),
    // The navigation's count of cases (decision 0267).
    'GET /cases/counts': ok({ unresolved: 0, overdue: 0 }),
    'GET /surveys/:id/preview-config': ok(answer),
    'GET /surveys': ok({
      items: [{ id: 4, name: 'Demo Bistro', branchIds: [1], languages: ['en-gb'], active: true }],
    }),
    'GET /transactions': transactions,
  });
  return { api, ...renderConsole('/surveys/4/preview') };
}

const askedIn = (panel: HTMLElement) =>
  within(within(panel).getByRole('list', { name: 'Questions asked, in order' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Engine panel with a check from the till', () => {
  it('choosing a check asks what a guest with that receipt is asked: its food lines, its covers, its time', async () => {
    const { api, user } = start();
    const panel = await screen.findByRole('region', { name: 'Engine' }, { timeout: 10_000 });
    const inPanel = within(panel);
    // No receipt: the product question needs one; the menu-insight question has no receipt dishes.
    expect(askedIn(panel)).toEqual([
      'Always asked (Main)',
      'Rate your food (Main)No dish of its kind on the receipt: the guest searches the menu',
    ]);

    await user.click(inPanel.getByRole('radio', { name: 'A check from the till' }));
    // Only the branches the survey serves (GET /surveys: branch 1), though the owner sees two.
    const branch = await inPanel.findByRole('combobox', { name: 'Branch' });
    expect(branch).toHaveValue('Soho');
    await user.click(branch);
    expect(screen.queryByRole('option', { name: 'Shoreditch' })).toBeNull();
    await user.keyboard('{Escape}');

    // The keyboard picks a check: the first offered is the newest.
    const picker = inPanel.getByRole('combobox', { name: 'Till check' });
    await user.click(picker);
    expect(
      await screen.findByRole('option', { name: /^CHK-LUNCH · table 12 · .* · 2 covers$/ }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((picker as HTMLInputElement).value).toMatch(/^CHK-LUNCH · table 12/));
    expect(api.calls('GET /transactions')[0]?.query.get('branchId')).toBe('1');

    expect(askedIn(panel)).toEqual([
      'Always asked (Main)',
      'How was what you ordered? (Main)',
      // O15.46 The food lines, not the cola: the real product types of the till's lines.
      'Rate your food (Main)Dishes from the receipt: Tomato soup, Beef burger',
    ]);
    // The visit is the check's open time on the branch's clock.
    expect(inPanel.getByLabelText('Visit date')).toHaveValue('2026-06-14');
    expect(inPanel.getByLabelText('Visit time')).toHaveValue('13:05');
    const lines = within(inPanel.getByRole('table', { name: 'The check’s lines' })).getAllByRole('row');
    expect(lines.slice(1).map((row) => row.textContent)).toEqual([
      'Tomato soupFoodSoupsStarters',
      'ColaDrinkSoft drinksDrinks',
      'Beef burgerFoodBurgersMains',
    ]);
    expect(await axeViolations(panel)).toEqual([]);
    // Many steps through Mantine's combobox: roomy on a busy machine, as survey-editor-screen.test.tsx.
  }, 60_000);

  it("a search goes to the server; a party's covers ask the big-table question until a party size overrides them", async () => {
    const { api, user } = start(MANAGER);
    const panel = await screen.findByRole('region', { name: 'Engine' }, { timeout: 10_000 });
    const inPanel = within(panel);
    await user.click(inPanel.getByRole('radio', { name: 'A check from the till' }));
    const picker = await inPanel.findByRole('combobox', { name: 'Till check' });
    await user.type(picker, 'PARTY');
    await waitFor(() =>
      expect(api.calls('GET /transactions').map((request) => request.query.get('q'))).toContain('PARTY'),
    );
    await user.click(await screen.findByRole('option', { name: /^CHK-PARTY/ }));
    await waitFor(() => expect(askedIn(panel)).toContain('Big table (Main)'));
    expect(inPanel.getByLabelText('Visit date')).toHaveValue('2026-06-13');

    await user.type(inPanel.getByRole('textbox', { name: /Party size/ }), '2');
    expect(askedIn(panel)).not.toContain('Big table (Main)');
    // Back to no receipt: the check no longer counts.
    await user.click(inPanel.getByRole('radio', { name: 'No receipt' }));
    expect(askedIn(panel)).not.toContain('How was what you ordered? (Main)');
    fireEvent.blur(picker);
    expect(api.unmatched).toEqual([]);
  }, 60_000);
});
