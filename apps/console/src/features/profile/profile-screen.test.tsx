import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

describe('profile', () => {
  it('changes the password with the current one', async () => {
    const api = fakeApi({ 'GET /me': ok(MANAGER), 'PATCH /me': ok({}) });
    const { user } = renderConsole('/profile');
    await user.type(await screen.findByLabelText(/^current password/i), 'demo-manager-1234');
    await user.type(screen.getByLabelText(/^new password/i), 'a-new-long-password');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.calls('PATCH /me')[0]?.body).toEqual({
      password: 'a-new-long-password',
      currentPassword: 'demo-manager-1234',
    });
  });

  it('puts a wrong current password on its field', async () => {
    fakeApi({
      'GET /me': ok(MANAGER),
      'PATCH /me': fails(400, 10025, { fields: { currentPassword: 'operator.wrongPassword' } }),
    });
    const { user } = renderConsole('/profile');
    await user.type(await screen.findByLabelText(/^current password/i), 'not-it');
    await user.type(screen.getByLabelText(/^new password/i), 'a-new-long-password');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
  });

  it('signs out everywhere after asking, and then asks to sign in', async () => {
    let signedIn = true;
    const api = fakeApi({
      'GET /me': () => (signedIn ? ok(MANAGER) : fails(401, 10005)),
      'DELETE /sessions': () => {
        signedIn = false;
        return ok({});
      },
    });
    const { user, router } = renderConsole('/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      (await screen.findAllByRole('button', { name: 'Sign out everywhere' })).at(-1) as HTMLElement,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.calls('DELETE /sessions')).toHaveLength(1);
  });

  it('saves the name and language, and switches the console to it', async () => {
    const api = fakeApi({ 'GET /me': ok(MANAGER), 'PATCH /me': ok({}) });
    const { user } = renderConsole('/profile');
    await user.click(await screen.findByRole('combobox', { name: /^language/i }));
    await user.click(await screen.findByRole('option', { name: 'Italiano' }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profilo' })).toBeInTheDocument();
    expect(api.calls('PATCH /me')[0]?.body).toEqual({ name: 'Sam Soho', language: 'it' });
  });
});
