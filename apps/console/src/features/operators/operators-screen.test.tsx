import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const OPERATORS = [
  {
    id: 1,
    email: 'owner@demo.test',
    name: 'Olivia Owner',
    role: 'owner',
    branchIds: [],
    status: 'active',
    language: 'en-gb',
  },
  {
    id: 2,
    email: 'soho@demo.test',
    name: 'Sam Soho',
    role: 'manager',
    branchIds: [1],
    status: 'active',
    language: 'en-gb',
  },
  {
    id: 4,
    email: 'nia@demo.test',
    name: 'Nia New',
    role: 'viewer',
    branchIds: [1, 2],
    status: 'invited',
    language: 'en-gb',
  },
];

describe('operators', () => {
  it('lists the operators with their roles and branches', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /operators': ok({ items: OPERATORS }) });
    renderConsole('/operators');
    const sam = await screen.findByRole('row', { name: /Sam Soho/ });
    expect(within(sam).getByText('Manager')).toBeInTheDocument();
    expect(within(sam).getByText('Soho')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Nia New/ })).getByText('Soho, Shoreditch'),
    ).toBeInTheDocument();
    // The owner cannot remove themselves; everyone else can be removed.
    expect(screen.queryByRole('button', { name: 'Remove Olivia Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sam Soho' })).toBeInTheDocument();
  });

  it('invites a manager of branch 1 in their language', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /operators': ok({ items: OPERATORS }),
      'POST /operators': ok({ operator: OPERATORS[1] }, 201),
    });
    const { user } = renderConsole('/operators');
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    await user.type(within(dialog).getByRole('textbox', { name: /e-mail address/i }), 'mia@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Mia Manager');
    // A manager needs a branch (O1.5): the domain's rule says so before the server does.
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(within(dialog).getByText('Choose at least one branch')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /branches/i }));
    await user.click(await screen.findByRole('option', { name: 'Soho' }));
    await user.click(within(dialog).getByRole('combobox', { name: /language of the invitation/i }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));

    expect(await screen.findByText('Invitation sent to mia@demo.test')).toBeInTheDocument();
    expect(api.calls('POST /operators')[0]?.body).toEqual({
      email: 'mia@demo.test',
      name: 'Mia Manager',
      role: 'manager',
      branchIds: [1],
      language: 'de',
    });
  });

  it('shows an e-mail already in use on the e-mail field (400 10025 operator.emailTaken)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /operators': ok({ items: OPERATORS }),
      'POST /operators': fails(400, 10025, { fields: { email: 'operator.emailTaken' } }),
    });
    const { user } = renderConsole('/operators');
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    await user.type(within(dialog).getByRole('textbox', { name: /e-mail address/i }), 'soho@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Sam Again');
    await user.click(within(dialog).getByRole('combobox', { name: /^role/i }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByText('This e-mail address already has an account')).toBeInTheDocument();
  });

  it('changes a role, resends an invitation and removes an operator after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /operators': ok({ items: OPERATORS }),
      'PATCH /operators/2': ok({ operator: OPERATORS[1] }),
      'POST /operators/4/invitation': ok({}),
      'DELETE /operators/2': ok({}),
    });
    const { user } = renderConsole('/operators');
    await user.click(await screen.findByRole('button', { name: 'Edit Sam Soho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Soho' });
    await user.click(within(dialog).getByRole('combobox', { name: /^role/i }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operator saved')).toBeInTheDocument();
    expect(api.calls('PATCH /operators/2')[0]?.body).toEqual({
      name: 'Sam Soho',
      role: 'viewer',
      branchIds: [1],
    });

    await user.click(screen.getByRole('button', { name: 'Send the invitation to Nia New again' }));
    expect(await screen.findByText('A new invitation was sent to nia@demo.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Sam Soho' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Sam Soho?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Sam Soho removed')).toBeInTheDocument();
    expect(api.calls('DELETE /operators/2')).toHaveLength(1);
  });
});
