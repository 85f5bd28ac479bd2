import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

describe('forgot password', () => {
  it('asks for a link and answers the same whether or not the address has an account', async () => {
    const api = fakeApi({ 'GET /me': fails(401, 10005), 'POST /password-reset': ok({}) });
    const { user } = renderConsole('/forgot');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'someone@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If someone@demo.test has an account, a link is on its way',
    );
    expect(api.calls('POST /password-reset')[0]?.body).toEqual({ email: 'someone@demo.test' });
  });

  it('refuses an address that is not one before asking the server', async () => {
    const api = fakeApi({ 'GET /me': fails(401, 10005) });
    const { user } = renderConsole('/forgot');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.calls('POST /password-reset')).toHaveLength(0);
  });

  it('shows the wait when the address asked too often (429)', async () => {
    fakeApi({
      'GET /me': fails(401, 10005),
      'POST /password-reset': fails(429, 10021, { retryAfterSeconds: 120 }),
    });
    const { user } = renderConsole('/forgot');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'someone@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 2 min');
  });
});
