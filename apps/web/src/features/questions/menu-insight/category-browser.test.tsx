import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyGroup, MajorGroup, Product } from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuQuery, WebApi } from '../../../platform/api';
import { ApiProvider } from '../../../platform/api-context';
import { i18n, setLanguage } from '../../../platform/i18n';
import { emptySession, useGuestSession } from '../../../shared/session/session-store';
import { fakeApi } from '../../../test/render-app';
import { CategoryBrowser } from './category-browser';

// Decision 0072: the category list follows the question's menu type: that type's categories ("by major
// group"), or, for a question about the whole menu, the categories grouped under Food, Drinks, Other.

const major = (id: number, name: string): MajorGroup => ({ id, ref: `m${id}`, name, isMisc: false });
const family = (id: number, name: string): FamilyGroup => ({ id, ref: `f${id}`, name, weight: 1 });
const dish = (id: number, name: string, type: Product['type'], majorRef: string): Product => ({
  id,
  ref: String(3000 + id),
  name,
  type,
  majorGroupId: null,
  familyGroupId: null,
  major_group_ref: majorRef,
  major_group_name: null,
  family_group_ref: null,
});

type Groups = { majorGroups: MajorGroup[]; familyGroups: FamilyGroup[] };
const NONE: Groups = { majorGroups: [], familyGroups: [] };

/** The demo menu's shape: food categories, a drinks category, nothing of type "other". */
const GROUPS: Record<number, Groups> = {
  1: { majorGroups: [major(1, 'Starters'), major(2, 'Mains')], familyGroups: [family(1, 'Soups')] },
  2: { majorGroups: [major(4, 'Drinks')], familyGroups: [family(6, 'Soft drinks')] },
  3: NONE,
};

function renderBrowser(scope: MenuQuery, api: WebApi) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider api={api}>
          <CategoryBrowser scope={scope} responses={{}} onRate={() => {}} />
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const menuGroups = vi.fn(
  async (_slug: string, _language: string, type: number | null): Promise<Groups> =>
    (type === null ? undefined : GROUPS[type]) ?? NONE,
);
const menuProducts = vi.fn(async (_slug: string, _language: string, query: MenuQuery) => [
  dish(1, query.type === 2 ? 'Cola' : 'Tomato soup', query.type === 2 ? 2 : 1, query.majorGroupRef ?? ''),
]);

beforeEach(() => {
  menuGroups.mockClear();
  menuProducts.mockClear();
  useGuestSession.setState({ ...emptySession, slug: 'demo-bistro' });
});

describe('menu categories by the question’s menu type', () => {
  it('a drinks question lists only the categories holding drinks, and their dishes are drinks', async () => {
    const user = userEvent.setup();
    renderBrowser({ type: 2 }, fakeApi({ menuGroups, menuProducts }));
    expect(await screen.findByRole('button', { name: 'Drinks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Starters' })).not.toBeInTheDocument();
    // No type headings in the by-major-group list.
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(menuGroups).toHaveBeenCalledWith('demo-bistro', 'en-gb', 2, expect.anything());
    expect(menuGroups.mock.calls.every((call) => call[2] === 2)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Drinks' }));
    const dialog = screen.getByRole('dialog', { name: 'Drinks' });
    expect(await within(dialog).findByRole('group', { name: 'Cola' })).toBeInTheDocument();
    expect(menuProducts).toHaveBeenCalledWith(
      'demo-bistro',
      'en-gb',
      expect.objectContaining({ type: 2, majorGroupRef: 'm4' }),
      expect.anything(),
    );
  });

  it('a whole-menu question groups the categories under their types; an empty type is left out', async () => {
    const user = userEvent.setup();
    renderBrowser({}, fakeApi({ menuGroups, menuProducts }));
    const food = await screen.findByRole('list', { name: 'Food' });
    expect(
      within(food)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Starters', 'Mains']);
    const drinks = await screen.findByRole('list', { name: 'Drinks' });
    expect(
      within(drinks)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Drinks']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Food',
      'Drinks',
    ]);
    expect(screen.queryByRole('list', { name: 'Other' })).not.toBeInTheDocument();
    expect(new Set(menuGroups.mock.calls.map((call) => call[2]))).toEqual(new Set([1, 2, 3]));

    // A category chosen under Food lists food only, and its dropdown offers the food categories.
    await user.click(within(food).getByRole('button', { name: 'Mains' }));
    const dialog = screen.getByRole('dialog', { name: 'Mains' });
    const dropdown = within(dialog).getByRole('combobox', { name: 'Category' });
    expect(
      within(dropdown)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a category', 'Starters', 'Mains']);
    await within(dialog).findByRole('group', { name: 'Tomato soup' });
    expect(menuProducts).toHaveBeenLastCalledWith(
      'demo-bistro',
      'en-gb',
      expect.objectContaining({ type: 1, majorGroupRef: 'm2' }),
      expect.anything(),
    );
  });

  it('in German the type headings are translated', async () => {
    await setLanguage('de');
    try {
      renderBrowser({}, fakeApi({ menuGroups, menuProducts }));
      expect(await screen.findByRole('heading', { level: 3, name: 'Speisen' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 3, name: 'Getränke' })).toBeInTheDocument();
    } finally {
      await setLanguage('en-gb');
    }
  });
});
