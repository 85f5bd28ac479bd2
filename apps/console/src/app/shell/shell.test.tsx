import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the shell', () => {
  it('shows the owner every part of the console (O1.3)', async () => {
    fakeApi({ 'GET /me': ok(OWNER) });
    renderConsole('/');
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Home',
      'Responses',
      'Cases',
      'Dishes',
      'Team',
      'Alerts',
      'Company',
      'Branches',
      'Staff',
      'Devices',
      'Links & QR codes',
      'Surveys',
      'Menu import',
      'Operators',
      'Audit log',
      'Integrations',
      'Webhooks',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Olivia Owner' })).toBeInTheDocument();
  });

  it.each([
    ['manager', MANAGER],
    ['viewer', VIEWER],
  ])('hides company settings, operators and the audit log from a %s', async (_role, me) => {
    fakeApi({ 'GET /me': ok(me) });
    renderConsole('/');
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Home',
      'Responses',
      'Cases',
      'Dishes',
      'Team',
      'Alerts',
      'Branches',
      'Staff',
      'Devices',
      'Links & QR codes',
      'Surveys',
    ]);
  });

  it('points Staff at the branch of the switcher, and remembers the choice', async () => {
    fakeApi({ 'GET /me': ok(OWNER) });
    const { user } = renderConsole('/');
    const staff = async () =>
      within(await screen.findByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Staff' });
    expect(await staff()).toHaveAttribute('href', '/branches/1/staff');
    await user.click(screen.getByRole('combobox', { name: 'Current branch' }));
    await user.click(await screen.findByRole('option', { name: 'Shoreditch' }));
    expect(await staff()).toHaveAttribute('href', '/branches/2/staff');
    expect(localStorage.getItem('vv-console-branch')).toBe('2');
  });

  it('signs out: the session ends on the server and the sign-in screen shows', async () => {
    let signedIn = true;
    const api = fakeApi({
      'GET /me': () => (signedIn ? ok(OWNER) : fails(401, 10005)),
      'DELETE /session': () => {
        signedIn = false;
        return ok({});
      },
    });
    const { user, router } = renderConsole('/');
    await user.click(await screen.findByRole('button', { name: 'Account of Olivia Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.calls('DELETE /session')).toHaveLength(1);
  });

  it('goes to sign in when a screen finds the session ended (401), and back there after', async () => {
    let ended = false;
    fakeApi({
      'GET /me': () => (ended ? fails(401, 10005) : ok(OWNER)),
      'GET /devices': () => {
        ended = true;
        return fails(401, 10005);
      },
    });
    const { router } = renderConsole('/devices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/devices')}`);
  });

  it('speaks the operator’s own language once signed in', async () => {
    fakeApi({ 'GET /me': ok({ ...OWNER, operator: { ...OWNER.operator, language: 'de' } }) });
    renderConsole('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Willkommen, Olivia Owner' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });
});
