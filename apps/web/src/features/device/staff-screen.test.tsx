import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialDeviceState } from '@venue-voice/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { useGuestSession } from '../../shared/session/session-store';
import { createPayload } from '../../test/after-survey';
import {
  apiError,
  deviceConfig,
  fakeServer,
  installModalClosed,
  ok,
  registeredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { fakeApi, renderApp, testSurvey } from '../../test/render-app';
import { useErrorQueue } from '../../ui/error-queue';
import { queueRequest } from '../device-queue';
import { finishedRun } from '../sharing/testing';
import { connectivityChanged, wireQueue } from './device-shell';
import { SETTINGS_LOCK_KEY } from './settings-prompt';

const twoSurveys = [testSurvey(), testSurvey({ templateId: 2, name: 'Demo Terrace', slug: 'demo-terrace' })];

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const prompt = await screen.findByRole('dialog', { name: 'Settings' });
  await user.type(within(prompt).getByLabelText('Settings passcode'), '4321');
  await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

beforeAll(warmDeviceRoutes);

beforeEach(() => {
  useErrorQueue.setState(useErrorQueue.getInitialState());
  sessionStorage.clear();
  // The settings passcode's lock is the tablet's, kept across reloads: each test starts without one.
  localStorage.removeItem(SETTINGS_LOCK_KEY);
  installModalClosed();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/staff, the staff area home (D2)', () => {
  it('shows the venue, its company, the surveys and whether the tablet is online', async () => {
    registeredDevice({ config: deviceConfig(twoSurveys) });
    renderApp('/staff', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeInTheDocument();
    expect(screen.getByText('Demo Hospitality Group')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start survey Demo Bistro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start survey Demo Terrace' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('issue 26 look: a kiosk home with the venue’s logo and branch on top, the surveys as tiles in a list', async () => {
    const branded = twoSurveys.map((survey) => ({
      ...survey,
      branding: { primaryColour: '#4b2e1e', logoImage: '/demo/demo-bistro-logo.svg' },
    }));
    registeredDevice({ config: deviceConfig(branded) });
    renderApp('/staff', fakeApi());
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Demo Hospitality Group logo' })).toHaveAttribute(
      'src',
      '/demo/demo-bistro-logo.svg',
    );
    expect(within(banner).getByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Settings' })).toBeVisible();
    const tiles = within(screen.getByRole('region', { name: 'Surveys' })).getAllByRole('listitem');
    expect(tiles.map((tile) => within(tile).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Start survey Demo Bistro',
      'Start survey Demo Terrace',
    ]);
    expect(within(tiles[1] as HTMLElement).getByRole('button')).toHaveTextContent('Start surveyDemo Terrace');
    // The tablet wears the venue's colours as its guests' screens do.
    expect(document.querySelector('style[data-venue-branding]')?.textContent).toContain(
      '--vv-primary:#4b2e1e',
    );
  });

  it('issue 26 look: without a logo in the branding the home shows no broken picture', async () => {
    registeredDevice({ config: deviceConfig(twoSurveys) });
    renderApp('/staff', fakeApi());
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('img')).not.toBeInTheDocument();
    expect(within(banner).getByText('Demo Hospitality Group')).toBeVisible();
  });

  it('offers only the default survey once one is chosen', async () => {
    registeredDevice({ config: deviceConfig(twoSurveys), defaultTemplate: 2 });
    renderApp('/staff', fakeApi());
    expect(await screen.findByRole('button', { name: 'Start survey Demo Terrace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start survey Demo Bistro' })).not.toBeInTheDocument();
  });

  it('Start survey sets the guest flow up for that survey at the device branch and leaves /staff', async () => {
    const user = userEvent.setup();
    registeredDevice({ config: deviceConfig(twoSurveys) });
    const { router } = renderApp('/staff', fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Start survey Demo Terrace' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/staff'));
    const session = useGuestSession.getState();
    expect(session).toMatchObject({ slug: 'demo-terrace', branchId: 1 });
    expect(session.config?.surveys?.map((survey) => survey.templateId)).toEqual([2]);
    expect(session.config?.staff).toBeUndefined();
  });

  it('settings open only after the settings passcode', async () => {
    const user = userEvent.setup();
    registeredDevice();
    renderApp('/staff', fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const prompt = await screen.findByRole('dialog', { name: 'Settings' });
    await user.type(within(prompt).getByLabelText('Settings passcode'), '1111');
    await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
    expect(within(prompt).getByLabelText('Settings passcode')).toHaveAccessibleDescription(
      'Invalid passcode',
    );
    expect(screen.queryByRole('button', { name: 'Reset device' })).not.toBeInTheDocument();
  });

  it('D4.58 five wrong settings passcodes lock the prompt for 5 minutes; a reload keeps it (issue 26 item 17)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T12:00:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    registeredDevice();
    const first = renderApp('/staff', fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    let prompt = await screen.findByRole('dialog', { name: 'Settings' });
    const field = () => within(prompt).getByLabelText('Settings passcode');
    for (const wrong of ['1111', '2222', '3333', '4444', '5555']) {
      await user.clear(field());
      await user.type(field(), wrong);
      await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
    }
    expect(within(prompt).getByRole('alert')).toHaveTextContent(
      /^Too many wrong passcodes\. Settings are locked; try again in [45]:\d\d\.$/,
    );
    expect(field()).toBeDisabled();
    expect(within(prompt).getByRole('button', { name: 'Open settings' })).toBeDisabled();
    first.unmount();

    // A reload: still locked, the right passcode cannot be tried.
    renderApp('/staff', fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    prompt = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(prompt).getByRole('alert')).toHaveTextContent('Settings are locked');
    expect(field()).toBeDisabled();

    // Five minutes on, the right passcode opens the settings.
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 1000));
    await waitFor(() => expect(field()).toBeEnabled());
    await user.type(field(), '4321');
    await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('button', { name: 'Reset device' })).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('D2.6 D2.2 D2.19 the settings show the device, never-synchronised times and the buttons that apply', async () => {
    const user = userEvent.setup();
    registeredDevice();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    expect(within(settings).getByText('bar-tablet')).toBeInTheDocument();
    expect(within(settings).getAllByText('never')).toHaveLength(2);
    expect(
      within(settings).getByRole('button', { name: 'Download latest survey settings' }),
    ).toBeInTheDocument();
    expect(within(settings).getByRole('button', { name: 'Change settings passcode' })).toBeInTheDocument();
    expect(within(settings).queryByRole('button', { name: 'Choose default survey' })).not.toBeInTheDocument();
    expect(within(settings).queryByRole('button', { name: 'Update app' })).not.toBeInTheDocument();
    expect(within(settings).queryByRole('button', { name: 'Switch user' })).not.toBeInTheDocument();
    await user.click(within(settings).getByRole('button', { name: 'Version 0.8.16, show the app status' }));
    expect(await screen.findByRole('dialog', { name: 'App status' })).toHaveTextContent(
      'Run mode: web browser',
    );
  });

  it('D4.11 an upload the queue made by itself (coming online) shows as Last uploaded (issue 26 item 18)', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/api/v1/survey/submit/batch': () => apiError(404, 10002),
      '/api/v1/survey/submit': () =>
        ok({ id: 9, secret: 'secret-of-nine-0123456789', is_ai_valid: false, voucher: null }),
    });
    registeredDevice({ hasConnectivity: false, lastUpdated: null });
    await wireQueue();
    await queueRequest({
      kind: 'create',
      payload: createPayload({ guid: crypto.randomUUID() }),
      headers: { 'X-Template-Id': '1' },
    });
    renderApp('/staff', fakeApi());
    let settings = await openSettings(user);
    expect(within(settings).getAllByText('never')).toHaveLength(2);
    await user.click(within(settings).getByRole('button', { name: 'Close' }));
    // Back online: the queue sends what waited; nobody presses Upload.
    act(() => {
      connectivityChanged(true);
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(useDevice.getState().state.lastUpdated).not.toBeNull());
    settings = await openSettings(user);
    expect(within(settings).getAllByText('never')).toHaveLength(1);
  });

  it('D2.9-D2.11 choosing a default survey confirms it by name', async () => {
    const user = userEvent.setup();
    registeredDevice({ config: deviceConfig(twoSurveys) });
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Choose default survey' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose default survey' });
    expect(within(chooser).getByRole('button', { name: 'No default survey' })).toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: 'Demo Terrace' }));
    expect(await screen.findByRole('dialog', { name: 'Default survey' })).toHaveTextContent(
      'The default survey is Demo Terrace.',
    );
    expect(useDevice.getState().state.defaultTemplate).toBe(2);
  });

  it('download latest survey settings: wait, then congratulations, and the time is shown', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/survey/config': () => ok(deviceConfig(twoSurveys)) });
    registeredDevice();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download latest survey settings' }));
    expect(await screen.findByRole('dialog', { name: 'Congratulations' })).toHaveTextContent(
      'The latest survey settings have been downloaded.',
    );
    expect(useDevice.getState().state.config?.surveys).toHaveLength(2);
    expect(within(settings).getAllByText('never')).toHaveLength(1);
  });

  it('D2.8 a default survey that the download no longer has opens the default-survey chooser', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/survey/config': () => ok(deviceConfig(twoSurveys)) });
    registeredDevice({ defaultTemplate: 9 });
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download latest survey settings' }));
    const done = await screen.findByRole('dialog', { name: 'Congratulations' });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose default survey' });
    expect(within(chooser).getAllByRole('button', { name: /Demo|No default/ })).toHaveLength(3);
  });

  it('D2.7 a download with no surveys sets the default back to none', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/survey/config': () => ok(deviceConfig([])) });
    registeredDevice({ defaultTemplate: 1 });
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download latest survey settings' }));
    await screen.findByRole('dialog', { name: 'Congratulations' });
    expect(useDevice.getState().state.defaultTemplate).toBe(0);
    expect(screen.getByText(/No surveys are available/)).toBeInTheDocument();
  });

  it('D4.1 a 401 from any app-mode call resets the device (uuid and connectivity kept) and goes to /register', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/survey/config': () => apiError(401, 10005) });
    registeredDevice();
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download latest survey settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(useDevice.getState().state).toEqual(initialDeviceState('uuid-test-1', true));
  });

  it('reset device: confirm, deregister, success, then /register with the uuid kept', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      '/api/v1/device/deregister': () => ok({ deviceId: 'bar-tablet', deregistered: true }),
    });
    registeredDevice();
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Reset device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset device' }));
    const done = await screen.findByRole('dialog', { name: 'Device reset' });
    expect(done).toHaveTextContent('The device has been deregistered.');
    expect(calls[0]?.body).toEqual({ uuid: 'uuid-test-1' });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(useDevice.getState().state).toMatchObject({ registered: false, token: null, uuid: 'uuid-test-1' });
  });

  it('reset device that the server refuses says so under its own title, and still ends on /register (issue 26 item 18)', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/device/deregister': () => apiError(503, 10021) });
    registeredDevice();
    const { router } = renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Reset device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset device' }));
    const failed = await screen.findByRole('dialog', { name: 'Device Reset Failed' });
    expect(failed).toHaveTextContent('We could not deregister your device.');
    expect(screen.queryByRole('dialog', { name: 'Device reset' })).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });
});

describe('app-mode routes (G2.32-G2.37)', () => {
  it.each([
    ['/', 'G2.32'],
    ['/questions', 'G2.33'],
    ['/demo-bistro', 'G2.37'],
  ])('%s on a set-up tablet goes to /staff (%s)', async (path) => {
    registeredDevice();
    const { router } = renderApp(path, fakeApi());
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeInTheDocument();
  });

  it('D2.13 the status panel shows settings, surveys and stored responses with their states', async () => {
    registeredDevice({ lastSynchronised: null });
    renderApp('/staff', fakeApi());
    const panel = await screen.findByRole('region', { name: 'App status' });
    expect(panel).toHaveTextContent('Surveys available1 (unknown)');
    expect(panel).toHaveTextContent('Settings updatednever (unknown)');
    expect(panel).toHaveTextContent('No survey in progress');
  });

  it('D2.13 a survey in progress shows its answered questions as a count and a bar (issue 26 item 18)', async () => {
    registeredDevice();
    const run = finishedRun({ answers: { 10: { text: 'Spotless' }, 11: { text: 'Lovely evening' } } });
    useGuestSession.setState({ surveyInProgress: 1, surveyRun: run });
    renderApp('/staff', fakeApi());
    const panel = await screen.findByRole('region', { name: 'App status' });
    const total = run.engine.visible.length;
    expect(panel).toHaveTextContent(`A survey is in progress: 2 of ${total} questions answered`);
    const bar = within(panel).getByRole('progressbar', {
      name: `A survey is in progress: 2 of ${total} questions answered`,
    });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', String(total));
    useGuestSession.setState({ surveyInProgress: null, surveyRun: null });
  });
});
