import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

describe('sign in', () => {
  it('signs in and opens the page the operator asked for', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /me': () => (signedIn ? ok(OWNER) : fails(401, 10005)),
      'POST /session': () => {
        signedIn = true;
        return ok({ operator: OWNER.operator });
      },
      'GET /devices': ok({ items: [] }),
    });
    const { user, router } = renderConsole('/devices');

    // Not signed in: the console sends the operator to sign in, and back afterwards.
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), ' owner@demo.test ');
    await user.type(screen.getByLabelText(/^password/i), 'demo-owner-1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/devices');
    expect(api.calls('POST /session')[0]?.body).toEqual({
      email: 'owner@demo.test',
      password: 'demo-owner-1234',
    });
  });

  it('says one thing for a wrong e-mail or password (401) and empties the password', async () => {
    fakeApi({ 'GET /me': fails(401, 10005), 'POST /session': fails(401, 10005) });
    const { user } = renderConsole('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'owner@demo.test');
    const password = screen.getByLabelText(/^password/i);
    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or the password is not right.',
    );
    expect(password).toHaveValue('');
  });

  it('after too many failures (429) shows the wait and holds the button until it is over', async () => {
    fakeApi({
      'GET /me': fails(401, 10005),
      'POST /session': fails(429, 10021, null, { 'retry-after': '540' }),
    });
    const { user } = renderConsole('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'owner@demo.test');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 9 min');
    expect(screen.getByRole('button', { name: /wait 540 seconds/i })).toBeDisabled();
  });

  it('asks for both fields before calling the server', async () => {
    const api = fakeApi({ 'GET /me': fails(401, 10005) });
    const { user } = renderConsole('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.calls('POST /session')).toHaveLength(0);
  });
});
