import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { forgetTypedPin } from '../../platform/typed-pin';
import { fakeServer, ok, pinFields, warmDeviceRoutes } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { useQueueStatusStore } from '../device-queue/testing';
import { alex, member, tabletWithAlex } from './team-test-support';

beforeAll(async () => {
  await warmDeviceRoutes();
  await import('./manage-team-screen');
});
beforeEach(() => {
  useQueueStatusStore.setState({ stored: 0, waiting: 0, sending: false, attention: [], lastUpload: null });
  tabletWithAlex();
});
afterEach(() => vi.unstubAllGlobals());

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const prompt = await screen.findByRole('dialog', { name: 'Settings' });
  await user.type(within(prompt).getByLabelText('Settings passcode'), '4321');
  await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

describe('Manage team from the settings modal (D2.3)', () => {
  it('D2.3 online the Manage team button opens /manage_team with the team loaded', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/api/v1/manage/staff/listing': () => ok({ staff: [alex] }),
      '/api/v1/manage/team/listing': () => ok({ items: [] }),
    });
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Manage team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage_team'));
    expect(await screen.findByRole('heading', { name: 'Alex' })).toBeTruthy();
  });

  it('D2.3 offline there is no Manage team button', async () => {
    const user = userEvent.setup();
    useDevice.getState().change((state) => ({ ...state, hasConnectivity: false }));
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    expect(within(settings).queryByRole('button', { name: 'Manage team' })).toBeNull();
  });

  it('D6 with nobody signed in, Manage team asks for a manager’s PIN first, also at a branch without staff PINs (issue 26 item 15)', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      '/api/v1/manage/staff/listing': () => ok({ staff: [alex] }),
      '/api/v1/manage/team/listing': () => ok({ items: [] }),
    });
    const zoe = member(2, 'Zoe', pinFields('2222'));
    useDevice.getState().change((state) => ({
      ...state,
      loggedInMember: null,
      config: state.config && {
        ...state.config,
        branch: state.config.branch && { ...state.config.branch, enableStaffPinCodes: false },
        staff: [{ ...alex, ...pinFields('1111') }, zoe],
      },
    }));
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Manage team' }));
    const signIn = await screen.findByRole('dialog', { name: 'Manager sign-in' });
    // No Settings button here: the settings are open already.
    expect(within(signIn).queryByRole('button', { name: 'Settings' })).toBeNull();

    // A member without settings access is refused and signs nobody in.
    await user.type(within(signIn).getByLabelText('Your PIN'), '2222');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect(await within(signIn).findByText('Only a manager can manage the team.')).toBeTruthy();
    expect(useDevice.getState().state.loggedInMember).toBeNull();
    expect(router.state.location.pathname).toBe('/staff');

    await user.clear(within(signIn).getByLabelText('Your PIN'));
    await user.type(within(signIn).getByLabelText('Your PIN'), '1111');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage_team'));
    expect(useDevice.getState().state.loggedInMember).toBe(alex.id);
    expect(await screen.findByRole('heading', { name: 'Alex' })).toBeTruthy();
    // The manage calls act by the PIN just typed (decision 0197): the tablet holds none to send.
    expect(calls.find((call) => call.path.endsWith('/staff/listing'))?.headers.get('X-Staff-Pin')).toBe(
      '1111',
    );
  });

  it('D6 a manager signed in before a reload types their PIN again before Manage team (decision 0197)', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      '/api/v1/manage/staff/listing': () => ok({ staff: [alex] }),
      '/api/v1/manage/team/listing': () => ok({ items: [] }),
    });
    forgetTypedPin(); // what a reload leaves: Alex still signed in, no PIN typed since
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Manage team' }));
    const signIn = await screen.findByRole('dialog', { name: 'Manager sign-in' });
    expect(calls).toEqual([]);
    await user.type(within(signIn).getByLabelText('Your PIN'), '1111');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage_team'));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]?.headers.get('X-Staff-Pin')).toBe('1111');
  });

  it('D2.18 on /staff the Staff button signs a manager in, whatever the branch’s staff PIN setting (issue 26 item 15)', async () => {
    const user = userEvent.setup();
    useDevice.getState().change((state) => ({
      ...state,
      loggedInMember: null,
      config: state.config && {
        ...state.config,
        branch: state.config.branch && { ...state.config.branch, enableStaffPinCodes: false },
      },
    }));
    const { router } = renderApp('/staff', fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Staff' }));
    const signIn = await screen.findByRole('dialog', { name: 'Staff sign-in' });
    await user.type(within(signIn).getByLabelText('Your PIN'), '1111');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in: Alex')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/staff');
    expect(useDevice.getState().state.loggedInMember).toBe(alex.id);
    // Signed in: the Staff button gives way to Switch user.
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch user' })).toBeTruthy();
  });
});
