import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const INVITE = {
  purpose: 'invite',
  email: 'new@demo.test',
  name: 'Nia New',
  companyName: 'Demo Hospitality Group',
};

describe('one-time link', () => {
  it('accepts an invitation: a name and a password, then the console opens signed in', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /me': () => (signedIn ? ok(MANAGER) : fails(401, 10005)),
      'GET /links/tok-123': ok(INVITE),
      'POST /links/tok-123': () => {
        signedIn = true;
        return ok({ operator: MANAGER.operator });
      },
    });
    const { user, router } = renderConsole('/link/tok-123');
    expect(
      await screen.findByText(/invited to the console of Demo Hospitality Group as new@demo.test/),
    ).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /your name/i });
    expect(name).toHaveValue('Nia New');
    await user.type(screen.getByLabelText(/^new password/i), 'a-long-password-1');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Save and open the console' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Soho' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('POST /links/tok-123')[0]?.body).toEqual({
      password: 'a-long-password-1',
      name: 'Nia New',
    });
  });

  it('checks the password before sending: 12 characters at least, typed twice the same', async () => {
    const api = fakeApi({
      'GET /me': fails(401, 10005),
      'GET /links/tok-1': ok({ ...INVITE, purpose: 'reset' }),
    });
    const { user } = renderConsole('/link/tok-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /your name/i })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^new password/i), 'short');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'other');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByText('Please use at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.calls('POST /links/tok-1')).toHaveLength(0);
  });

  it('says when a link is used or older than 24 hours (404) and offers a new one', async () => {
    fakeApi({ 'GET /me': fails(401, 10005), 'GET /links/old': fails(404, 10014) });
    renderConsole('/link/old');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot');
  });
});
