import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const PERIOD = 'from=2026-03-01&to=2026-03-31';
const figures = (chosen: number, csat: number | null, nps: number | null) => ({
  chosen,
  csat: { score: csat, count: csat === null ? 0 : chosen },
  nps: { mean: nps, count: nps === null ? 0 : chosen },
  lowSample: chosen < 5,
});
const SAM = {
  id: 2,
  name: 'Sam Patel',
  branch: { id: 1, name: 'Soho' },
  ...figures(7, 84.5, 8.7),
  tags: [
    { id: 1, label: 'Friendly', count: 5 },
    { id: 9, label: null, count: 1 },
  ],
  comments: [{ responseId: 41, visitDatetime: '2026-03-20 19:30:00', text: 'Great cocktails' }],
};
const GONE = { id: 99, name: null, branch: null, ...figures(2, null, 6), tags: [], comments: [] };
const report = {
  members: [SAM, GONE],
  branches: [{ id: 1, name: 'Soho', members: 2, ...figures(9, 84.5, 8.2) }],
};

describe('the Team screen', () => {
  it.each([
    ['an owner', OWNER],
    ['a viewer', VIEWER],
  ])(
    'shows %s each member named: chosen, means, tags, latest comments, and the branch totals',
    async (_who, me) => {
      const api = fakeApi({
        'GET /me': ok(me),
        'GET /links': ok({ items: [] }),
        'GET /reports/staff': ok(report),
      });
      renderConsole(`/team?${PERIOD}`);
      const table = await screen.findByRole('table', {
        name: 'Team members named by guests, most chosen first',
      });
      const sam = within(table).getByRole('row', { name: /Sam Patel/ });
      expect(within(sam).getByRole('link', { name: '7 times' })).toHaveAttribute(
        'href',
        `/responses?${PERIOD}&staffId=2`,
      );
      expect(within(sam).getByText('84.5 of 100')).toBeInTheDocument();
      expect(within(sam).getByText('8.7 of 10')).toBeInTheDocument();
      expect(within(sam).getByText('Friendly (5), Tag 9 (1)')).toBeInTheDocument();
      expect(within(sam).getByText('Great cocktails')).toBeInTheDocument();
      expect(within(sam).queryByText(/Fewer than 5/)).toBeNull();
      const gone = within(table).getByRole('row', { name: /Member 99 \(removed\)/ });
      expect(within(gone).getByText('Fewer than 5 responses: read with care')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Per branch' })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Soho 2 9 times/ })).toBeInTheDocument();
      expect(api.calls('GET /reports/staff')[0]?.query.toString()).toBe(PERIOD);
    },
  );

  it('sends a manager’s branch choice to the report and keeps it in the address', async () => {
    const api = fakeApi({
      'GET /me': ok({ ...MANAGER, branches: [...MANAGER.branches, { id: 3, name: 'Pop-up' }] }),
      'GET /links': ok({ items: [] }),
      'GET /reports/staff': ok({ members: [], branches: [] }),
    });
    const { user, router } = renderConsole(`/team?${PERIOD}`);
    expect(await screen.findByText('No guest named a team member in this period.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Pop-up' }));
    await screen.findByText('No guest named a team member in this period.');
    expect(router.state.location.search).toContain('branchId=3');
    expect(api.calls('GET /reports/staff').map((c) => c.query.get('branchId'))).toEqual([null, '3']);
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  });
});
