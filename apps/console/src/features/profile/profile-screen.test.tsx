import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const DIGEST = { frequency: 'weekly', weekday: 1, hour: 6, timeZone: 'Europe/London' };

describe('profile', () => {
  it('changes the password with the current one', async () => {
    const api = fakeApi({ 'GET /me': ok(MANAGER), 'GET /me/digest': ok(DIGEST), 'PATCH /me': ok({}) });
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
      'GET /me/digest': ok(DIGEST),
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
    const api = fakeApi({ 'GET /me': ok(MANAGER), 'GET /me/digest': ok(DIGEST), 'PATCH /me': ok({}) });
    const { user } = renderConsole('/profile');
    await user.click(await screen.findByRole('combobox', { name: /^language/i }));
    await user.click(await screen.findByRole('option', { name: 'Italiano' }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profilo' })).toBeInTheDocument();
    expect(api.calls('PATCH /me')[0]?.body).toEqual({ name: 'Sam Soho', language: 'it' });
  });

  it('shows the digest setting (weekly, Monday 06:00 in the branch’s zone) and saves it as daily at 07:00', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /me/digest': ok(DIGEST),
      'PUT /me/digest': ({ body }) => ok({ ...(body as object), timeZone: 'Europe/London' }),
    });
    const { user } = renderConsole('/profile');
    const section = await screen.findByRole('region', { name: 'Digest e-mail' });
    const weekly = await within(section).findByRole('radio', { name: 'Weekly' });
    expect(weekly).toBeChecked();
    expect(within(section).getByRole('combobox', { name: 'Day' })).toHaveValue('Monday');
    expect(within(section).getByRole('combobox', { name: 'Time' })).toHaveValue('06:00');
    expect(within(section).getByText(/Times are in Europe\/London/)).toBeInTheDocument();

    await user.click(within(section).getByRole('radio', { name: 'Daily' }));
    // Daily has no day to choose.
    expect(within(section).queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('combobox', { name: 'Time' }));
    await user.click(await screen.findByRole('option', { name: '07:00' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Digest setting saved')).toBeInTheDocument();
    expect(api.calls('PUT /me/digest')[0]?.body).toEqual({ frequency: 'daily', weekday: 1, hour: 7 });
  });

  it('turns the digest off: no day, no time', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /me/digest': ok(DIGEST),
      'PUT /me/digest': ({ body }) => ok({ ...(body as object), timeZone: 'Europe/London' }),
    });
    const { user } = renderConsole('/profile');
    const section = await screen.findByRole('region', { name: 'Digest e-mail' });
    expect(await within(section).findByRole('combobox', { name: 'Time' })).toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: 'Off' }));
    expect(within(section).queryByRole('combobox', { name: 'Time' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Digest setting saved')).toBeInTheDocument();
    expect(api.calls('PUT /me/digest')[0]?.body).toEqual({ frequency: 'off', weekday: 1, hour: 6 });
  });

  it('says why a digest setting was not saved', async () => {
    fakeApi({
      'GET /me': ok(MANAGER),
      'GET /me/digest': ok(DIGEST),
      'PUT /me/digest': fails(500, 10001),
    });
    const { user } = renderConsole('/profile');
    const section = await screen.findByRole('region', { name: 'Digest e-mail' });
    await user.click(await within(section).findByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toBeInTheDocument();
  });

  it('has no accessibility violations in the digest section (axe)', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /me/digest': ok(DIGEST) });
    renderConsole('/profile');
    const section = await screen.findByRole('region', { name: 'Digest e-mail' });
    await within(section).findByRole('radio', { name: 'Weekly' });
    // jsdom lays nothing out, so contrast is the e2e suite's (axe in a browser); the rest is checked here.
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
