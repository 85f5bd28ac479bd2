import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devicePass } from '@venue-voice/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDeviceByServer, useDevice } from '../../platform/device-session';
import {
  apiError,
  deviceConfig,
  fakeServer,
  installModalClosed,
  ok,
  registeredDevice,
  unregisteredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { useErrorQueue } from '../../ui/error-queue';

const registration = {
  token: 'token-abcdefghijklmnopqrstuvwxyz',
  deviceId: 'bar-tablet',
  uuid: 'uuid-test-1',
  branchId: 1,
  companyKey: 'demo',
  settingsPasscode: '4321',
  branch: deviceConfig().branch,
  registeredAt: '2026-11-22T10:00:00.000Z',
};
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Register device' });

async function fillForm(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    'Company key': 'demo',
    'Branch id': ' 1 ',
    'Device id': ' bar-tablet ',
    'Device passcode': 'demo1',
    'Settings passcode': '4321',
    'Confirm settings passcode': '4321',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
  await user.tab();
}

beforeAll(warmDeviceRoutes);

beforeEach(() => {
  unregisteredDevice();
  useErrorQueue.setState(useErrorQueue.getInitialState());
  sessionStorage.clear();
  installModalClosed();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/register (D2 register device form, D5)', () => {
  it('D5.1-D5.7 submit stays disabled until every field is valid; an error shows once its field is left', async () => {
    const user = userEvent.setup();
    renderApp('/register', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Register device' })).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await fillForm(user, { 'Device passcode': 'DEMO1' });
    expect(submit()).toBeDisabled();
    expect(field('Device passcode')).toHaveAccessibleDescription(
      'Please use only lowercase letters and numbers',
    );
    await user.clear(field('Device passcode'));
    await user.type(field('Device passcode'), 'demo1');
    await user.type(field('Confirm settings passcode'), '9');
    await user.tab();
    expect(field('Confirm settings passcode')).toHaveAccessibleDescription('The values do not match');
    expect(submit()).toBeDisabled();
  });

  it('D4.2 registers with the trimmed ids, downloads the settings, shows success, then the staff area', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      '/api/v1/device/register': () => ok(registration),
      '/api/v1/survey/config': () => ok(deviceConfig()),
    });
    renderApp('/register', fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Register device' });
    await fillForm(user);
    expect(field('Branch id')).toHaveValue('1');
    expect(field('Device id')).toHaveValue('bar-tablet');
    await user.click(submit());
    const success = await screen.findByRole('dialog', { name: 'Device registered' });
    const [register, config] = calls;
    expect(register?.body).toEqual({
      configuration: { settingsPasscode: '4321' },
      pass: await devicePass('bar-tablet', 'demo1'),
      uuid: 'uuid-test-1',
    });
    expect(register?.headers.get('X-Company')).toBe('demo');
    expect(config?.headers.get('Authorization')).toBe(`Bearer ${registration.token}`);
    expect(new URL(`http://x${config?.path}`).pathname).toBe('/api/v1/survey/config');
    const state = useDevice.getState().state;
    expect(state).toMatchObject({
      registered: true,
      setupComplete: true,
      token: registration.token,
      branchId: 1,
    });
    expect(state.config?.branch?.name).toBe('Demo Bistro Soho');
    expect(state.lastSynchronised).not.toBeNull();
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeInTheDocument();
  });

  it('a refused registration closes the wait modal and shows the error only (D8)', async () => {
    const user = userEvent.setup();
    fakeServer({ '/api/v1/device/register': () => apiError(401, 10018) });
    renderApp('/register', fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Register device' });
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Device Registration Failed: The company key, branch, device id or device passcode is not correct',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useDevice.getState().state.registered).toBe(false);
    expect(submit()).toBeEnabled();
  });

  it('after too many failed registrations (429, decision 0051) says when to try again', async () => {
    const user = userEvent.setup();
    const limited = apiError(429, 10021, 'Too many failed registrations');
    (limited.body as { error: { detail: unknown } }).error.detail = { retryAfterSeconds: 600 };
    fakeServer({ '/api/v1/device/register': () => limited });
    renderApp('/register', fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Register device' });
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Device Registration Failed: Too many tries. Please try again in 10 minutes.',
    );
  });

  it('D4.1 a tablet the server reset (disabled or released) is told why on /register, once', async () => {
    registeredDevice();
    resetDeviceByServer();
    const first = renderApp('/register', fakeApi());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your device may have been disabled by your administrator');
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    first.unmount();
    renderApp('/register', fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Register device' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('G2.35 a set-up device on /register goes to /staff; G2.30 a browser on /staff goes to /register', async () => {
    registeredDevice();
    const first = renderApp('/register', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeInTheDocument();
    first.unmount();
    unregisteredDevice();
    renderApp('/staff', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Register device' })).toBeInTheDocument();
  });
});
