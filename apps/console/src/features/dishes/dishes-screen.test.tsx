import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const shares = (bad: number, neutral: number, good: number) => {
  const total = bad + neutral + good;
  const pct = (n: number) => (total === 0 ? null : Math.round((1000 * n) / total) / 10);
  return { bad: pct(bad), neutral: pct(neutral), good: pct(good) };
};
const figures = (bad: number, neutral: number, good: number) => ({
  ratings: bad + neutral + good,
  bad,
  neutral,
  good,
  shares: shares(bad, neutral, good),
  lowSample: bad + neutral + good < 5,
});

const BURGER = {
  ref: '1013',
  name: 'Beef burger',
  family: { ref: '21', name: 'Grill' },
  major: { ref: '200', name: 'Mains' },
  ...figures(2, 1, 7),
  reasons: [
    { rating: 3, id: 1, label: 'Tasty', count: 6 },
    { rating: 1, id: 1, label: 'Cold', count: 2 },
  ],
};
const GONE = { ref: 'GONE-9', name: null, family: null, major: null, ...figures(0, 0, 2), reasons: [] };
const PERIOD = 'from=2026-03-01&to=2026-03-31';

const links = ok({
  items: [
    { surveyId: 1, surveyName: 'Dinner' },
    { surveyId: 2, surveyName: 'Café' },
  ],
});

describe('the Dishes screen', () => {
  it('reads the filters from the address, and lists each dish’s ratings, shares and reasons in words', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /links': links,
      'GET /reports/dishes': ok({ group: 'product', items: [BURGER, GONE] }),
    });
    renderConsole(`/dishes?${PERIOD}&branchId=2`);
    const table = await screen.findByRole('table', { name: 'Ratings per dish, most rated first' });
    const burger = within(table).getByRole('row', { name: /Beef burger/ });
    expect(within(burger).getByText('Grill · Mains')).toBeInTheDocument();
    expect(within(burger).getByRole('link', { name: '10 ratings' })).toHaveAttribute(
      'href',
      `/responses?${PERIOD}&branchId=2&dish=1013`,
    );
    expect(within(burger).getByText('Good 70% (7) · neutral 10% (1) · bad 20% (2)')).toBeInTheDocument();
    expect(within(burger).getByText('Tasty (Good): 6')).toBeInTheDocument();
    expect(within(burger).getByText('Cold (Bad): 2')).toBeInTheDocument();
    expect(within(burger).queryByText(/Fewer than 5/)).toBeNull();
    const gone = within(table).getByRole('row', { name: /GONE-9 \(no longer on the menu\)/ });
    expect(within(gone).getByText('Fewer than 5 ratings: read with care')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByRole('combobox', { name: 'Survey' })).toBeInTheDocument();
    const [call] = api.calls('GET /reports/dishes');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      branchId: '2',
      group: 'product',
    });
  });

  it('groups by family, with the grouping in the address', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /links': links,
      'GET /reports/dishes': (request) =>
        ok({
          group: request.query.get('group'),
          items:
            request.query.get('group') === 'family'
              ? [
                  { ...BURGER, ref: '21', name: 'Grill', family: null, major: null },
                  { ...GONE, ref: null },
                ]
              : [BURGER],
        }),
    });
    const { user, router } = renderConsole(`/dishes?${PERIOD}`);
    await screen.findByRole('table', { name: /per dish/ });
    await user.click(screen.getByRole('radio', { name: 'Family group' }));
    const table = await screen.findByRole('table', { name: 'Ratings per family group, most rated first' });
    expect(router.state.location.search).toContain('group=family');
    // A group has no inbox filter of its own: its count is plain text.
    expect(within(table).getByRole('row', { name: /Grill/ })).not.toContainElement(
      within(table).queryByRole('link'),
    );
    expect(within(table).getByRole('row', { name: /No group/ })).toBeInTheDocument();
    expect(api.calls('GET /reports/dishes').map((c) => c.query.get('group'))).toEqual(['product', 'family']);
  });

  it('follows one dish over time, as a table whose figures link to the responses behind them', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /links': links,
      'GET /reports/dishes': ok({ group: 'product', items: [BURGER] }),
      'GET /reports/dishes/:ref/trend': (request) =>
        ok({
          ref: '1013',
          name: 'Beef burger',
          bucket: request.query.get('bucket'),
          points: [
            { start: '2026-02-23', ...figures(1, 0, 3) },
            { start: '2026-03-02', ...figures(1, 1, 4) },
            { start: '2026-03-30', ...figures(0, 0, 0) },
          ],
        }),
    });
    const { user, router } = renderConsole(`/dishes?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Show the trend of Beef burger' }));
    const table = await screen.findByRole('table', { name: 'Beef burger: ratings per period' });
    expect(router.state.location.search).toContain('dish=1013');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '4 ratings' })).toHaveAttribute(
      'href',
      '/responses?from=2026-03-01&to=2026-03-01&dish=1013',
    );
    expect(
      within(rows[0] as HTMLElement).getByText('Fewer than 5 ratings: read with care'),
    ).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '6 ratings' })).toHaveAttribute(
      'href',
      '/responses?from=2026-03-02&to=2026-03-29&dish=1013',
    );
    expect(within(rows[2] as HTMLElement).queryByRole('link')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await screen.findByRole('table', { name: 'Beef burger: ratings per period' });
    expect(api.calls('GET /reports/dishes/1013/trend').map((c) => c.query.get('bucket'))).toEqual([
      'week',
      'month',
    ]);
  });

  it('says so when no dish was rated', async () => {
    fakeApi({
      'GET /me': ok(MANAGER),
      'GET /links': links,
      'GET /reports/dishes': ok({ group: 'product', items: [] }),
    });
    renderConsole(`/dishes?${PERIOD}`);
    expect(await screen.findByText('No dish was rated in this period.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dishes' })).toHaveAttribute('aria-current', 'page');
  });
});
