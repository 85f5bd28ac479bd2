import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { forgetTypedPin } from '../../platform/typed-pin';
import { apiError, fakeServer, ok } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { alex, fieldErrors, member, tabletWithAlex } from './team-test-support';

const actions = vi.hoisted(() => ({ downloadSettings: vi.fn() }));
vi.mock('../device', async (original) => ({
  ...(await original<typeof import('../device')>()),
  downloadSettings: actions.downloadSettings,
}));

const LIST = '/api/v1/manage/staff/listing';
const TEAMS = '/api/v1/manage/team/listing';
const noTeams = () => ok({ items: [{ id: 0, name: 'None', status: 1 }] });

beforeAll(async () => {
  await import('./manage-team-screen');
});
beforeEach(() => {
  actions.downloadSettings.mockReset().mockResolvedValue({ type: 'done' });
  tabletWithAlex();
});
afterEach(() => vi.unstubAllGlobals());

const cards = () => within(screen.getByRole('list', { name: 'Team members' })).getAllByRole('listitem');
const names = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('Manage team screen (D2)', () => {
  it('D2.15 loads the team when shown, as the signed-in member, in status, weight, name order', async () => {
    const calls = fakeServer({
      [LIST]: () =>
        ok({
          staff: [
            member(1, 'Zoe', { weight: 10 }),
            member(2, 'Bea', { status: 0, weight: 90 }),
            member(3, 'Cal', { weight: 80 }),
            member(4, 'Abe', { weight: 10 }),
            alex,
          ],
        }),
      [TEAMS]: noTeams,
    });
    renderApp('/manage_team', fakeApi());
    await screen.findByRole('list', { name: 'Team members' });
    expect(names()).toEqual(['Cal', 'Alex', 'Abe', 'Zoe', 'Bea']);
    expect(calls.find((call) => call.path === LIST)?.headers.get('X-Staff-Pin')).toBe('1111');
  });

  it('D2.15 each card says whether the member has a PIN, never which (decision 0197)', async () => {
    fakeServer({ [LIST]: () => ok({ staff: [member(1, 'Zoe'), alex] }), [TEAMS]: noTeams });
    renderApp('/manage_team', fakeApi());
    await screen.findByRole('list', { name: 'Team members' });
    const card = (name: string) => cards().find((c) => within(c).queryByRole('heading', { name }));
    expect(within(card('Zoe') as HTMLElement).getByText('No PIN')).toBeTruthy();
    expect(within(card('Alex') as HTMLElement).getByText('PIN set')).toBeTruthy();
  });

  it('D6 a manager signed in before a reload (no PIN typed since) signs in here first; the calls send that PIN', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({ [LIST]: () => ok({ staff: [alex] }), [TEAMS]: noTeams });
    forgetTypedPin();
    renderApp('/manage_team', fakeApi());
    const signIn = await screen.findByRole('dialog', { name: 'Manager sign-in' });
    expect(calls).toEqual([]);
    await user.type(within(signIn).getByLabelText('Your PIN'), '1112');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect(await within(signIn).findByText('Invalid PIN')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(within(signIn).getByLabelText('Your PIN'));
    await user.type(within(signIn).getByLabelText('Your PIN'), '1111');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('list', { name: 'Team members' });
    expect(calls.find((call) => call.path === LIST)?.headers.get('X-Staff-Pin')).toBe('1111');
  });

  it('D2.14 searches by display name and says when nothing matches; no members says so too', async () => {
    const user = userEvent.setup();
    let staff = [member(1, 'Zoe'), member(2, 'Bea'), alex];
    fakeServer({ [LIST]: () => ok({ staff }), [TEAMS]: noTeams });
    const view = renderApp('/manage_team', fakeApi());
    await user.type(await screen.findByLabelText('Search by name'), 'ZO');
    expect(names()).toEqual(['Zoe']);
    await user.type(screen.getByLabelText('Search by name'), 'x');
    expect(screen.getByText('No team members match your search.')).toBeTruthy();
    view.unmount();
    staff = [];
    renderApp('/manage_team', fakeApi());
    expect(await screen.findByText('There are no team members yet.')).toBeTruthy();
  });

  it('D2.16 managers are labelled; the signed-in member has no edit button and no toggle', async () => {
    fakeServer({ [LIST]: () => ok({ staff: [member(1, 'Zoe'), alex] }), [TEAMS]: noTeams });
    renderApp('/manage_team', fakeApi());
    await screen.findByRole('list', { name: 'Team members' });
    const [alexCard, zoeCard] = cards() as [HTMLElement, HTMLElement];
    expect(within(alexCard).getByText('Manager')).toBeTruthy();
    expect(within(alexCard).queryByRole('button', { name: 'Edit Alex' })).toBeNull();
    expect(within(alexCard).queryByRole('switch')).toBeNull();
    expect(within(zoeCard).queryByText('Manager')).toBeNull();
    expect(within(zoeCard).getByRole('button', { name: 'Edit Zoe' })).toBeTruthy();
  });

  it('D4.53 a toggle sends only id and status, one at a time, then refreshes the tablet staff', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = fakeServer({
      [LIST]: () => ok({ staff: [member(1, 'Zoe'), member(2, 'Bea'), alex] }),
      [TEAMS]: noTeams,
      '/api/v1/manage/staff/update/1': () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ id: 1 }));
        }),
    });
    renderApp('/manage_team', fakeApi());
    const zoe = await screen.findByRole('switch', { name: 'Zoe is active' });
    await user.click(zoe);
    expect(screen.getByRole('switch', { name: 'Bea is active' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(zoe).toHaveProperty('checked', false));
    expect(screen.getByRole('switch', { name: 'Bea is active' })).toHaveProperty('disabled', false);
    expect(calls.find((call) => call.path.endsWith('/update/1'))?.body).toEqual({ id: 1, status: 0 });
    await waitFor(() => expect(actions.downloadSettings).toHaveBeenCalledTimes(1));
  });

  it('D2.17 closing without an active member with a PIN and settings access warns first', async () => {
    const user = userEvent.setup();
    fakeServer({
      [LIST]: () => ok({ staff: [member(1, 'Zoe'), { ...alex, hasPin: false }] }),
      [TEAMS]: noTeams,
    });
    const { router } = renderApp('/manage_team', fakeApi());
    await screen.findByRole('list', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const warning = await screen.findByRole('dialog', { name: 'No manager can open settings' });
    await user.click(within(warning).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/manage_team');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Close anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
  });

  it('D2.17 closing with a settings-capable member leaves at once', async () => {
    const user = userEvent.setup();
    fakeServer({ [LIST]: () => ok({ staff: [alex] }), [TEAMS]: noTeams });
    const { router } = renderApp('/manage_team', fakeApi());
    await screen.findByRole('list', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
  });

  it('D2 offline the screen says it needs a connection and calls nothing; a failed load can be retried', async () => {
    const user = userEvent.setup();
    useDevice.getState().change((state) => ({ ...state, hasConnectivity: false }));
    const calls = fakeServer({ [LIST]: () => apiError(500, 10001), [TEAMS]: noTeams });
    const view = renderApp('/manage_team', fakeApi());
    expect(await screen.findByText(/Managing the team needs a connection/)).toBeTruthy();
    expect(calls).toEqual([]);
    view.unmount();
    useDevice.getState().change((state) => ({ ...state, hasConnectivity: true }));
    renderApp('/manage_team', fakeApi());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((call) => call.path === LIST)).toHaveLength(2));
  });

  it('D6 without a signed-in member who can open settings the screen says so and calls nothing', async () => {
    const calls = fakeServer({ [LIST]: () => ok({ staff: [alex] }), [TEAMS]: noTeams });
    useDevice.getState().change((state) => ({ ...state, loggedInMember: null }));
    renderApp('/manage_team', fakeApi());
    expect(await screen.findByText(/Only a signed-in team member with settings access/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('D5.17 a toggle the server refuses for the last settings member says why and keeps the status', async () => {
    const user = userEvent.setup();
    fakeServer({
      [LIST]: () => ok({ staff: [member(1, 'Zoe', { hasPin: true, hasSettingsAccess: true }), alex] }),
      [TEAMS]: noTeams,
      '/api/v1/manage/staff/update/1': () => fieldErrors({ status: 'team.noSettingsMember' }),
    });
    renderApp('/manage_team', fakeApi());
    const zoe = await screen.findByRole('switch', { name: 'Zoe is active' });
    await user.click(zoe);
    expect(
      await screen.findByText('At least one active team member with a PIN and settings access is needed'),
    ).toBeTruthy();
    expect(zoe).toHaveProperty('checked', true);
    expect(actions.downloadSettings).not.toHaveBeenCalled();
  });
});
