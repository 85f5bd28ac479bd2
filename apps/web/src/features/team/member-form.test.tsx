import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeAnswer, fakeServer, ok } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { alex, fieldErrors, member, tabletWithAlex } from './team-test-support';

const actions = vi.hoisted(() => ({ downloadSettings: vi.fn() }));
vi.mock('../device', async (original) => ({
  ...(await original<typeof import('../device')>()),
  downloadSettings: actions.downloadSettings,
}));

const LIST = '/api/v1/manage/staff/listing';
const NEW_PIN = 'New PIN (leave empty to keep the current one)';
const TEAMS = '/api/v1/manage/team/listing';
const zoe = member(1, 'Zoe', { hasPin: true });

beforeAll(async () => {
  await import('./manage-team-screen');
});
beforeEach(() => {
  actions.downloadSettings.mockReset().mockResolvedValue({ type: 'done' });
  tabletWithAlex();
});
afterEach(() => vi.unstubAllGlobals());

function server(
  extra: Record<string, () => FakeAnswer | Promise<FakeAnswer>> = {},
  teams = [{ id: 3, name: 'Bar', status: 1 }],
) {
  let staff = [zoe, alex];
  const calls = fakeServer({
    [LIST]: () => ok({ staff }),
    [TEAMS]: () => ok({ items: [...teams, { id: 0, name: 'None', status: 1 }] }),
    ...extra,
  });
  return { calls, setStaff: (next: typeof staff) => (staff = next) };
}
type User = ReturnType<typeof userEvent.setup>;
async function openAdd(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add member' }));
  return screen.findByRole('dialog', { name: 'Add team member' });
}
async function openEdit(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('Team member form (D2, D5)', () => {
  it('D5 add: save waits for both names, checks the fields, asks for express permission, then saves', async () => {
    const user = userEvent.setup();
    const { calls, setStaff } = server({ '/api/v1/manage/staff/add': () => ok({ id: 9 }) });
    renderApp('/manage_team', fakeApi());
    await user.type(await screen.findByLabelText('Search by name'), 'zo');
    const form = await openAdd(user);
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Display name'), ' zoe ');
    await user.type(within(form).getByLabelText('Full name'), 'Sam Smith');
    await user.type(within(form).getByLabelText('PIN'), '12');
    await user.clear(within(form).getByLabelText('Position in the list (0–100)'));
    await user.type(within(form).getByLabelText('Position in the list (0–100)'), '101');
    await user.click(save);
    expect(within(form).getByText('This value is already in use')).toBeTruthy();
    expect(within(form).getByText('Please enter at least 3 characters')).toBeTruthy();
    expect(within(form).getByText('The maximum value is 100')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Display name'));
    await user.type(within(form).getByLabelText('Display name'), 'Sam');
    await user.type(within(form).getByLabelText('PIN'), '3');
    await user.clear(within(form).getByLabelText('Position in the list (0–100)'));
    await user.type(within(form).getByLabelText('Position in the list (0–100)'), '60');
    await user.selectOptions(within(form).getByLabelText('Team'), 'Bar');
    await user.click(within(form).getByLabelText('Can open settings (manager)'));
    await user.click(save);
    const permission = await screen.findByRole('dialog', { name: 'Express permission' });
    expect(calls.some((call) => call.path.endsWith('/add'))).toBe(false);
    setStaff([zoe, alex, member(9, 'Sam', { weight: 60 })]);
    await user.click(within(permission).getByRole('button', { name: 'Yes, save' }));
    expect(await screen.findByText('Team member added')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/add'))?.body).toEqual({
      displayName: 'Sam',
      fullName: 'Sam Smith',
      pinCode: '123',
      weight: 60,
      teamId: 3,
      status: 1,
      hasSettingsAccess: true,
    });
    expect(screen.queryByRole('dialog', { name: 'Add team member' })).toBeNull();
    expect(screen.getByLabelText('Search by name')).toHaveProperty('value', '');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sam' })).toBeTruthy());
    await waitFor(() => expect(actions.downloadSettings).toHaveBeenCalled());
  });

  it('D2 the PIN shows and hides; Cancel only when adding; no team select without teams', async () => {
    const user = userEvent.setup();
    server({}, []);
    renderApp('/manage_team', fakeApi());
    const form = await openAdd(user);
    const pin = within(form).getByLabelText('PIN');
    expect(pin.getAttribute('type')).toBe('password');
    await user.click(within(form).getByRole('button', { name: 'Show PIN' }));
    expect(pin.getAttribute('type')).toBe('text');
    await user.click(within(form).getByRole('button', { name: 'Hide PIN' }));
    expect(pin.getAttribute('type')).toBe('password');
    expect(within(form).queryByLabelText('Team')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const edit = await openEdit(user, 'Zoe');
    expect(within(edit).queryByRole('button', { name: 'Cancel' })).toBeNull();
    const status = within(edit).getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('radio', { name: 'Active' })).toHaveProperty('checked', true);
    expect(within(status).getByRole('radio', { name: 'Inactive' })).toHaveProperty('checked', false);
  });

  it('D6 a non-admin sees neither the settings-access toggle nor Delete', async () => {
    const user = userEvent.setup();
    tabletWithAlex(false);
    server();
    renderApp('/manage_team', fakeApi());
    const edit = await openEdit(user, 'Zoe');
    expect(within(edit).queryByLabelText('Can open settings (manager)')).toBeNull();
    expect(within(edit).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('D4.55 an admin deletes another member after confirming: removed locally, toast, form closed', async () => {
    const user = userEvent.setup();
    const { calls } = server({ '/api/v1/manage/staff/delete/1': () => ok({ id: 1 }) });
    renderApp('/manage_team', fakeApi());
    const edit = await openEdit(user, 'Zoe');
    await user.click(within(edit).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Zoe?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team member deleted')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Zoe' })).toBeNull();
    expect(calls.filter((call) => call.path === LIST)).toHaveLength(1);
  });

  it('D4.54 update: the server 10025 detail shows on its field; a failure and no connection have their texts', async () => {
    const user = userEvent.setup();
    let answer: () => FakeAnswer | Promise<FakeAnswer> = () => fieldErrors({ pinCode: 'form.unique' });
    const { calls } = server({ '/api/v1/manage/staff/update/1': () => answer() });
    renderApp('/manage_team', fakeApi());
    const edit = await openEdit(user, 'Zoe');
    const saveOnce = async () => {
      await user.click(within(edit).getByRole('button', { name: 'Save' }));
      await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
    };
    // The tablet cannot know the PIN is taken (it holds no PINs): the server says so.
    await user.type(within(edit).getByLabelText(NEW_PIN), '7777');
    await saveOnce();
    expect(await within(edit).findByText('This value is already in use')).toBeTruthy();
    expect(within(edit).getByLabelText(NEW_PIN).getAttribute('aria-invalid')).toBe('true');
    answer = () => apiError(500, 10001);
    await saveOnce();
    expect(await within(edit).findByText('Something went wrong. Please try again.')).toBeTruthy();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await saveOnce();
    expect(await within(edit).findByText(/No connection/)).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/update/1'))?.body).toMatchObject({
      displayName: 'Zoe',
      pinCode: '7777',
    });
  });

  it('D5.12 edit: the saved PIN is write-only — empty keeps it (not sent), typed replaces it, Remove sends null', async () => {
    const user = userEvent.setup();
    const { calls } = server({ '/api/v1/manage/staff/update/1': () => ok({ id: 1 }) });
    renderApp('/manage_team', fakeApi());
    const bodies = () => calls.filter((call) => call.path.endsWith('/update/1')).map((call) => call.body);
    const saveEdit = async (change: (form: HTMLElement) => Promise<void>) => {
      const edit = await openEdit(user, 'Zoe');
      expect(within(edit).getByLabelText(NEW_PIN)).toHaveProperty('value', '');
      await change(edit);
      await user.click(within(edit).getByRole('button', { name: 'Save' }));
      await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Zoe' })).toBeNull());
    };
    await saveEdit(async () => {});
    await saveEdit(async (edit) => user.type(within(edit).getByLabelText(NEW_PIN), '4321'));
    await saveEdit(async (edit) => user.click(within(edit).getByLabelText('Remove the PIN')));
    const [kept, changed, removed] = bodies() as Record<string, unknown>[];
    expect(kept).not.toHaveProperty('pinCode');
    expect(changed).toMatchObject({ pinCode: '4321' });
    expect(removed).toMatchObject({ pinCode: null });
  });

  it('D5.12 a member without a PIN has a plain PIN field and no Remove', async () => {
    const user = userEvent.setup();
    const { setStaff } = server();
    setStaff([member(1, 'Zoe'), alex]);
    renderApp('/manage_team', fakeApi());
    const edit = await openEdit(user, 'Zoe');
    expect(within(edit).getByLabelText('PIN')).toHaveProperty('value', '');
    expect(within(edit).queryByLabelText('Remove the PIN')).toBeNull();
  });

  it('D4.54 a 10025 about the team category, and a PIN that no longer opens settings (10032), say so in the form', async () => {
    const user = userEvent.setup();
    let answer: () => FakeAnswer = () => fieldErrors({ teamId: 'team.unknownTeam' });
    server({ '/api/v1/manage/staff/update/1': () => answer() });
    renderApp('/manage_team', fakeApi());
    const edit = await openEdit(user, 'Zoe');
    const saveOnce = async () => {
      await user.click(within(edit).getByRole('button', { name: 'Save' }));
      await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
    };
    await saveOnce();
    expect(await within(edit).findByText(/This team category no longer exists/)).toBeTruthy();
    answer = () => apiError(400, 10032);
    await saveOnce();
    expect(await within(edit).findByText(/Only a signed-in team member with settings access/)).toBeTruthy();
  });

  it('D2 saving shows a loading message until the server answers; a save also clears the search', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    server({
      '/api/v1/manage/staff/update/1': () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ id: 1 }));
        }),
    });
    renderApp('/manage_team', fakeApi());
    await user.type(await screen.findByLabelText('Search by name'), 'zo');
    const edit = await openEdit(user, 'Zoe');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
    expect(await within(edit).findByText('Saving the team member…')).toBeTruthy();
    release();
    expect(await screen.findByText('Team member saved')).toBeTruthy();
    expect(screen.getByLabelText('Search by name')).toHaveProperty('value', '');
  });
});
