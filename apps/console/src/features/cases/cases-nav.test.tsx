import { screen, waitFor, within } from '@testing-library/react';
import type { CaseCounts, Language } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { type FakeAnswer, fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { caseDetail } from './case-fixtures';

/** The Cases item of the navigation (in any language), found by the name it should have. */
async function casesLink(name: string): Promise<HTMLElement> {
  const link = await screen.findByRole('link', { name });
  expect(link.closest('nav')).toHaveAttribute('aria-label');
  return link;
}

describe('O14.10 the navigation counts the cases waiting', () => {
  it('shows a manager the open count beside Cases, named for it', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /cases/counts': ok({ unresolved: 3, overdue: 0 }) });
    renderConsole('/');
    const link = await casesLink('Cases, 3 open');
    expect(link).toHaveAttribute('href', '/cases');
    expect(link).toHaveTextContent(/^Cases3$/);
    expect(within(link).queryByText(/overdue/)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the owner the overdue ones in words too, one case in the singular', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /cases/counts': ok({ unresolved: 1, overdue: 1 }) });
    renderConsole('/');
    const link = await casesLink('Cases, 1 open, 1 overdue');
    expect(within(link).getByText('1 overdue')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a viewer nothing beside Cases when none wait', async () => {
    const api = fakeApi({ 'GET /me': ok(VIEWER), 'GET /cases/counts': ok({ unresolved: 0, overdue: 0 }) });
    renderConsole('/');
    await waitFor(() => expect(api.calls('GET /cases/counts')).toHaveLength(1));
    const link = await casesLink('Cases');
    expect(link).toHaveTextContent(/^Cases$/);
    expect(link).not.toHaveAttribute('aria-label');
  });

  it.each<[Language, CaseCounts, string]>([
    ['de', { unresolved: 3, overdue: 1 }, 'Fälle, 3 offen, 1 überfällig'],
    ['it', { unresolved: 3, overdue: 2 }, 'Casi, 3 aperti, 2 scaduti'],
    ['it', { unresolved: 1, overdue: 0 }, 'Casi, 1 aperto'],
    ['es', { unresolved: 1, overdue: 1 }, 'Casos, 1 abierto, 1 vencido'],
    ['es', { unresolved: 4, overdue: 2 }, 'Casos, 4 abiertos, 2 vencidos'],
    ['en-gb', { unresolved: 12, overdue: 5 }, 'Cases, 12 open, 5 overdue'],
  ])('says it in %s: %j', async (language, counts, name) => {
    fakeApi({
      'GET /me': ok({ ...MANAGER, operator: { ...MANAGER.operator, language } }),
      'GET /cases/counts': ok(counts),
    });
    renderConsole('/');
    expect(await casesLink(name)).toBeInTheDocument();
  });

  it('counts again when a case is changed on its screen', async () => {
    let waiting = 3;
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /cases/counts': (): FakeAnswer => ok({ unresolved: waiting, overdue: 0 }),
      'GET /cases/:id': ok({ case: caseDetail() }),
      'PATCH /cases/:id': () => {
        waiting = 2;
        return ok({ case: caseDetail({ status: 'resolved' }) });
      },
    });
    const { user } = renderConsole('/cases/7');
    expect(await casesLink('Cases, 3 open')).toBeInTheDocument();
    const manage = await screen.findByRole('region', { name: 'Status, owner and due date' });
    await user.selectOptions(within(manage).getByRole('combobox', { name: 'Status' }), 'Resolved');
    await user.click(within(manage).getByRole('button', { name: 'Save changes' }));
    expect(await casesLink('Cases, 2 open')).toBeInTheDocument();
    expect(api.calls('GET /cases/counts')).toHaveLength(2);
  });
});
