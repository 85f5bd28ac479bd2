import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const device = (id: number, state: string, extra = {}) => ({
  id,
  deviceId: `d${id}aa0000-1111-2222-3333-444455556666`,
  branchId: 1,
  branchName: 'Soho',
  state,
  registeredAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-24T18:30:00.000Z',
  lastSyncAt: null,
  lastUploadAt: '2026-11-24T18:29:00.000Z',
  heldResponses: 3,
  ...extra,
});

describe('devices', () => {
  it('lists each tablet with its state, last contact and held responses', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /devices': ok({
        items: [device(5, 'active'), device(6, 'disabled', { branchId: 2, branchName: 'Shoreditch' })],
      }),
    });
    renderConsole('/devices');
    const row = await screen.findByRole('row', { name: /Tablet d5aa0000/ });
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Tablet d6aa0000/ })).getByText('Disabled'),
    ).toBeInTheDocument();
  });

  it('disables a tablet after a confirmation that says how many responses it holds', async () => {
    let state = 'active';
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /devices': () => ok({ items: [device(5, state)] }),
      'POST /devices/5/disable': () => {
        state = 'disabled';
        return ok({ device: device(5, 'disabled') });
      },
    });
    const { user } = renderConsole('/devices');
    await user.click(await screen.findByRole('button', { name: 'Disable Tablet d5aa0000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Tablet d5aa0000?' });
    expect(dialog).toHaveTextContent('It holds 3 responses not yet sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Tablet disabled')).toBeInTheDocument();
    expect(api.calls('POST /devices/5/disable')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Enable Tablet d5aa0000' })).toBeInTheDocument();
  });

  it('filters by branch on the server', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER), 'GET /devices': ok({ items: [] }) });
    const { user } = renderConsole('/devices');
    expect(await screen.findByText('No tablets are registered yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Shoreditch' }));
    await screen.findByText('No tablets are registered yet.');
    expect(api.calls('GET /devices').map((call) => call.query.get('branchId'))).toEqual([null, '2']);
  });

  it('gives a viewer no actions (O1.2), and says why when the server refuses one', async () => {
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /devices': ok({ items: [device(5, 'active')] }) });
    renderConsole('/devices');
    await screen.findByRole('row', { name: /Tablet d5aa0000/ });
    expect(screen.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
  });

  it('shows a refusal from the server beside the tablet', async () => {
    fakeApi({
      'GET /me': ok(MANAGER),
      'GET /devices': ok({ items: [device(5, 'active')] }),
      'POST /devices/5/release': fails(403, 10034),
    });
    const { user } = renderConsole('/devices');
    await user.click(await screen.findByRole('button', { name: 'Release Tablet d5aa0000' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this.');
  });
});
