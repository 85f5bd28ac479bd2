import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdateState } from '@venue-voice/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { installModalClosed, registeredDevice, warmDeviceRoutes } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { closeMenuDb, readMenu } from './menu-db';
import { testMenu } from './menu-fixtures';

/** survey.menu.export answering the test menu, or 503 for every edge when `down`. */
function exportServer(down = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/survey/menu/export') throw new Error(`unexpected call ${url.pathname}`);
      if (down)
        return new Response(JSON.stringify({ error: { code: 10021, message: 'down' } }), { status: 503 });
      const edge = url.searchParams.get('edge') ?? '';
      const items = {
        products: testMenu.allProducts,
        major_groups: testMenu.majorGroups,
        family_groups: testMenu.familyGroups,
      }[edge];
      return new Response(JSON.stringify({ data: { [edge]: items } }), { status: 200 });
    }),
  );
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const prompt = await screen.findByRole('dialog', { name: 'Settings' });
  await user.type(within(prompt).getByLabelText('Settings passcode'), '4321');
  await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

let db = 0;
beforeAll(warmDeviceRoutes);
beforeEach(async () => {
  installModalClosed();
  db += 1;
  await closeMenuDb(`menu-flow-test-${db}`);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await closeMenuDb();
});

describe('D2 "Menu download dialog" in the settings', () => {
  it('D4.12 Download menu products: wait, then congratulations; the menu is on the tablet and up to date', async () => {
    const user = userEvent.setup();
    exportServer();
    registeredDevice();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download menu products' }));
    const done = await screen.findByRole('dialog', { name: 'Congratulations' });
    expect(done).toHaveTextContent('The menu has been downloaded.');
    expect((await readMenu('demo'))?.allProducts).toHaveLength(testMenu.allProducts.length);
    expect(useDevice.getState().state.updateState.menu).toBe(UpdateState.DONE);
  });

  it('D4.12 a failed download says so and leaves the menu pending', async () => {
    const user = userEvent.setup();
    exportServer(true);
    registeredDevice();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download menu products' }));
    const failed = await screen.findByRole('dialog', { name: 'Download failed' });
    expect(failed).toHaveTextContent('We could not download the menu.');
    expect(useDevice.getState().state.updateState.menu).toBe(UpdateState.PENDING);
  });

  it('offline nothing is asked of the server and the staff are told to try when back online', async () => {
    const user = userEvent.setup();
    exportServer();
    registeredDevice({ hasConnectivity: false });
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Download menu products' }));
    const offline = await screen.findByRole('dialog', { name: 'Download failed' });
    expect(offline).toHaveTextContent('This tablet is offline.');
    expect(fetch).not.toHaveBeenCalled();
  });
});
