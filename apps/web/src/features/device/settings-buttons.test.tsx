import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdateState } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, installModalClosed, ok } from '../../test/device';

const upload = { uploadStored: vi.fn() };

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const prompt = await screen.findByRole('dialog', { name: 'Settings' });
  await user.type(within(prompt).getByLabelText('Settings passcode'), '4321');
  await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}
const summary = (submitted: number, remaining: number) => ({
  ok: remaining === 0,
  modal: remaining === 0 ? 'congratulations' : 'error',
  submitted,
  remaining,
  needsAttention: 0,
  updateState: remaining === 0 ? UpdateState.DONE : UpdateState.PENDING,
});

/**
 * A new page load: the device, the app update, the error queue and the queue status keep their state
 * in their modules, so each test imports the app afresh (its lazy routes loaded, as warmDeviceRoutes says).
 */
async function pageLoad() {
  vi.resetModules();
  // Mocked per load: a vi.mock module outlives resetModules, and would hold the first load's queue status.
  vi.doMock('../device-queue', async (original) => ({
    ...(await original<typeof import('../device-queue')>()),
    uploadStored: upload.uploadStored,
  }));
  const [device, session, update, app] = await Promise.all([
    import('../../test/device'),
    import('../../platform/device-session'),
    import('../../platform/pwa/app-update'),
    import('../../test/render-app'),
  ]);
  await device.warmDeviceRoutes();
  const { useQueueStatusStore } = await import('../device-queue/testing');
  return {
    registeredDevice: device.registeredDevice,
    useDevice: session.useDevice,
    updateFound: update.updateFound,
    renderApp: app.renderApp,
    fakeApi: app.fakeApi,
    useQueueStatusStore,
  };
}
let page: Awaited<ReturnType<typeof pageLoad>>;

beforeEach(async () => {
  page = await pageLoad();
  page.useQueueStatusStore.setState({
    stored: 2,
    waiting: 2,
    sending: false,
    attention: [],
    lastUpload: null,
  });
  upload.uploadStored.mockReset();
  sessionStorage.clear();
  installModalClosed();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings buttons (D2)', () => {
  it('D2.1 upload shows the stored count online; D4.11 a partial upload gives the error modal with counts', async () => {
    const user = userEvent.setup();
    upload.uploadStored.mockResolvedValue({ ok: false, summary: summary(1, 1), offline: false, busy: false });
    page.registeredDevice();
    page.renderApp('/staff', page.fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Upload completed surveys (2)' }));
    expect(await screen.findByRole('dialog', { name: 'Error Uploading Surveys' })).toHaveTextContent(
      'Surveys uploaded: 1. Surveys still waiting: 1.',
    );
    expect(page.useDevice.getState().state.lastUpdated).not.toBeNull();
  });

  it('D2.1 a full upload congratulates; nothing submitted keeps the last-uploaded time (D4.11)', async () => {
    const user = userEvent.setup();
    upload.uploadStored.mockResolvedValue({ ok: true, summary: null, offline: false, busy: false });
    page.registeredDevice({ lastUpdated: 1_700_000_000 });
    page.renderApp('/staff', page.fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Upload completed surveys (2)' }));
    expect(await screen.findByRole('dialog', { name: 'Congratulations' })).toHaveTextContent(
      'All completed surveys have been uploaded.',
    );
    expect(page.useDevice.getState().state.lastUpdated).toBe(1_700_000_000);
  });

  it('D2.1 offline there is no upload button; with none stored it is disabled', async () => {
    const user = userEvent.setup();
    page.registeredDevice({ hasConnectivity: false });
    const view = page.renderApp('/staff', page.fakeApi());
    let settings = await openSettings(user);
    expect(
      within(settings).queryByRole('button', { name: /Upload completed surveys/ }),
    ).not.toBeInTheDocument();
    view.unmount();
    page.useQueueStatusStore.setState({ stored: 0 });
    page.registeredDevice();
    page.renderApp('/staff', page.fakeApi());
    settings = await openSettings(user);
    expect(within(settings).getByRole('button', { name: 'Upload completed surveys (0)' })).toBeDisabled();
  });

  it('D2.4 update app shows once an update is ready; D2.5 switch user once a member is signed in', async () => {
    const user = userEvent.setup();
    page.updateFound({ skipWaiting: vi.fn(), onControlling: vi.fn() });
    page.registeredDevice({ loggedInMember: 12 });
    page.renderApp('/staff', page.fakeApi());
    const settings = await openSettings(user);
    expect(within(settings).getByRole('button', { name: 'Update app' })).toBeEnabled();
    await user.click(within(settings).getByRole('button', { name: 'Switch user' }));
    expect(page.useDevice.getState().state.loggedInMember).toBeNull();
    expect(within(settings).queryByRole('button', { name: 'Switch user' })).not.toBeInTheDocument();
  });

  it('change settings passcode (update mode): only the two passcode fields, device.configure, success', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      '/api/v1/device/configure': () =>
        ok({ deviceId: 'bar-tablet', uuid: 'uuid-test-1', settingsPasscode: '97531' }),
    });
    page.registeredDevice();
    page.renderApp('/staff', page.fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Change settings passcode' }));
    const form = await screen.findByRole('dialog', { name: 'Change settings passcode' });
    expect(form.querySelectorAll('input')).toHaveLength(2);
    expect(within(form).queryByLabelText('Company key')).not.toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save settings passcode' });
    await user.type(within(form).getByLabelText('Settings passcode'), '97531');
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText('Confirm settings passcode'), '97531');
    await user.click(save);
    expect(await screen.findByRole('dialog', { name: 'Settings passcode changed' })).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ configuration: { settingsPasscode: '97531' }, uuid: 'uuid-test-1' });
    expect(page.useDevice.getState().state.settingsPasscode).toBe('97531');
  });

  it('a refused passcode change says Device Update Failed and keeps the old passcode', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/device/configure': () => apiError(400, 10009, 'Bad passcode', true) });
    page.registeredDevice();
    page.renderApp('/staff', page.fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Change settings passcode' }));
    const form = await screen.findByRole('dialog', { name: 'Change settings passcode' });
    await user.type(within(form).getByLabelText('Settings passcode'), '97531');
    await user.type(within(form).getByLabelText('Confirm settings passcode'), '97531');
    await user.click(within(form).getByRole('button', { name: 'Save settings passcode' }));
    const failed = await screen.findByRole('dialog', { name: 'Device Update Failed' });
    expect(failed).toHaveTextContent('Bad passcode');
    await waitFor(() => expect(page.useDevice.getState().state.settingsPasscode).toBe('4321'));
  });
});
