import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { caseItem } from './case-fixtures';

const PAGE = {
  items: [
    caseItem({
      id: 9,
      ageMs: 2.5 * 86_400_000,
      dueOn: '2026-11-27',
      overdue: true,
      owner: { id: 2, name: 'Sam Soho' },
    }),
    caseItem({
      id: 7,
      status: 'in_progress',
      response: { ...caseItem().response, excerpt: null, complaint: false },
    }),
  ],
  nextCursor: null,
};

describe('the cases list (O14.2, O14.3)', () => {
  it('lists the cases with their age, owner, due day and what the guest said', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /cases': ok(PAGE) });
    renderConsole('/cases');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Open case 9, 2 days old' })).toHaveAttribute('href', '/cases/9');
    expect(first.getByText('Overdue')).toBeInTheDocument();
    expect(first.getByText('Sam Soho')).toBeInTheDocument();
    expect(first.getByText('The soup was cold')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByRole('link', { name: 'Open case 7, 3 h old' })).toBeInTheDocument();
    expect(second.getByText('In progress')).toBeInTheDocument();
    expect(second.getByText('Nobody')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by status, branch and owner through the address', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER), 'GET /cases': ok({ items: [], nextCursor: null }) });
    const { user } = renderConsole('/cases');
    expect(await screen.findByText('No cases here.')).toBeInTheDocument();
    expect(api.calls('GET /cases')[0]?.query.get('status')).toBe('unresolved');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Resolved');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'Shoreditch');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Mine');
    await waitFor(() => {
      const last = api.calls('GET /cases').at(-1)?.query;
      expect(Object.fromEntries(last ?? [])).toEqual({ status: 'resolved', branchId: '2', ownerId: '1' });
    });
  });

  it('offers no branch filter to a manager of one branch', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /cases': ok(PAGE) });
    renderConsole('/cases');
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cases' })).toBeInTheDocument();
  });
});
