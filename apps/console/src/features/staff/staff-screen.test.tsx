import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const member = (id: number, displayName: string, fullName: string, extra = {}) => ({
  id,
  displayName,
  fullName,
  status: 1,
  teamId: 0,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
  hasPin: false,
  weight: 50,
  hasSettingsAccess: false,
  ...extra,
});
const ALEX = member(11, 'Alex', 'Alex Smith', { hasPin: true, hasSettingsAccess: true });
const SAM = member(12, 'Sam', 'Sam Green');

const openAdd = async (user: ReturnType<typeof renderConsole>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Add member' }));
  return screen.findByRole('dialog', { name: 'Add team member' });
};

describe('staff of a branch', () => {
  it('lists the members with their PIN state and adds one with the tablet’s fields', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1/staff': ok({
        items: [ALEX, SAM],
        teams: [
          { id: 0, name: 'None', status: 1 },
          { id: 3, name: 'Floor', status: 1 },
        ],
      }),
      'POST /branches/1/staff': ok({ member: member(13, 'Jo', 'Jo Brown') }, 201),
    });
    const { user } = renderConsole('/branches/1/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff of Soho' })).toBeInTheDocument();
    const alexRow = await screen.findByRole('row', { name: /Alex Smith/ });
    expect(within(alexRow).getByText('PIN set')).toBeInTheDocument();
    expect(within(alexRow).getByText('Manager')).toBeInTheDocument();

    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: /display name/i }), 'Jo');
    await user.type(within(dialog).getByRole('textbox', { name: /full name/i }), 'Jo Brown');
    await user.type(within(dialog).getByLabelText(/^PIN/), '4821');
    // The server's list names None (id 0) as the tablet's does: offered once.
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'None',
      'Floor',
    ]);
    await user.click(screen.getByRole('option', { name: 'Floor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /express permission/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Team member added')).toBeInTheDocument();
    expect(api.calls('POST /branches/1/staff')[0]?.body).toEqual({
      displayName: 'Jo',
      fullName: 'Jo Brown',
      pinCode: '4821',
      weight: 50,
      teamId: 3,
      status: 1,
      hasSettingsAccess: false,
    });
  });

  it('says what the tablet says for the D5 rules, from the domain’s catalogue keys', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER), 'GET /branches/1/staff': ok({ items: [ALEX], teams: [] }) });
    const { user } = renderConsole('/branches/1/staff');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: /display name/i }), ' alex ');
    await user.type(within(dialog).getByRole('textbox', { name: /full name/i }), 'Someone Else');
    await user.type(within(dialog).getByLabelText(/^PIN/), '12a');
    const weight = within(dialog).getByRole('textbox', { name: /position in the list/i });
    await user.clear(weight);
    await user.type(weight, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('This value is already in use')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter numbers only')).toBeInTheDocument();
    expect(within(dialog).getByText('The maximum value is 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Express permission is needed to save')).toBeInTheDocument();
    expect(api.calls('POST /branches/1/staff')).toHaveLength(0);
  });

  it('puts the server’s 10025 field messages on their fields (a PIN only the server knows is taken)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1/staff': ok({ items: [ALEX, SAM], teams: [] }),
      'PATCH /staff/12': fails(400, 10025, {
        fields: [{ field: 'body.pinCode', in: 'body', message: 'form.unique' }],
      }),
    });
    const { user } = renderConsole('/branches/1/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sam' });
    await user.type(within(dialog).getByLabelText(/^PIN/), '1111');
    await user.click(within(dialog).getByRole('checkbox', { name: /express permission/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is already in use')).toBeInTheDocument();
  });

  it('keeps a saved PIN unless a new one is typed or removal is asked', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1/staff': ok({ items: [ALEX], teams: [] }),
      'PATCH /staff/11': ok({ member: ALEX }),
    });
    const { user } = renderConsole('/branches/1/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Alex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alex' });
    await user.click(within(dialog).getByRole('checkbox', { name: /express permission/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team member saved')).toBeInTheDocument();
    expect(api.calls('PATCH /staff/11')[0]?.body).not.toHaveProperty('pinCode');
  });

  it('deletes a member after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1/staff': ok({ items: [ALEX, SAM], teams: [] }),
      'DELETE /staff/12': ok({ id: 12 }),
    });
    const { user } = renderConsole('/branches/1/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Sam' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit Sam' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Sam?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Team member deleted')).toBeInTheDocument();
    expect(api.calls('DELETE /staff/12')).toHaveLength(1);
  });

  it('shows a viewer the team without Add or Edit (O1.2)', async () => {
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /branches/1/staff': ok({ items: [ALEX], teams: [] }) });
    renderConsole('/branches/1/staff');
    expect(await screen.findByRole('row', { name: /Alex Smith/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Alex' })).not.toBeInTheDocument();
  });
});
