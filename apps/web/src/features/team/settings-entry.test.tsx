import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { fakeServer, ok, warmDeviceRoutes } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { useQueueStatusStore } from '../device-queue/testing';
import { alex, member, tabletWithAlex } from './team-test-support';

beforeAll(async () => {
  await warmDeviceRoutes();
  await import('./manage-team-screen');
});
beforeEach(() => {
  useQueueStatusStore.setState({ stored: 0, sending: false, attention: [], lastUpload: null });
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

  it('D6 nobody signed in, or a member without settings access: no Manage team button', async () => {
    const user = userEvent.setup();
    useDevice.getState().change((state) => ({ ...state, loggedInMember: null }));
    const view = renderApp('/staff', fakeApi());
    let settings = await openSettings(user);
    expect(within(settings).queryByRole('button', { name: 'Manage team' })).toBeNull();
    view.unmount();
    useDevice.getState().change((state) => ({
      ...state,
      loggedInMember: 2,
      config: state.config && { ...state.config, staff: [alex, member(2, 'Zoe', { pinCode: '2222' })] },
    }));
    renderApp('/staff', fakeApi());
    settings = await openSettings(user);
    expect(within(settings).getByRole('button', { name: 'Reset device' })).toBeTruthy();
    expect(within(settings).queryByRole('button', { name: 'Manage team' })).toBeNull();
  });
});
