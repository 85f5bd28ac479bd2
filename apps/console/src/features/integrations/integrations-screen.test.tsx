import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const KEYS = [
  {
    id: 3,
    name: 'Power BI',
    prefix: 'vvk_AbCdEfGh',
    scopes: ['responses:read'],
    createdAt: '2025-06-10T09:00:00.000Z',
    lastUsedAt: '2025-06-14T18:00:00.000Z',
    revokedAt: null,
    createdBy: 'Olivia Owner',
  },
  {
    id: 2,
    name: 'Till at Soho',
    prefix: 'vvk_ZyXwVuTs',
    scopes: ['transactions:write', 'menu:write'],
    createdAt: '2025-06-01T09:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    createdBy: null,
  },
  {
    id: 1,
    name: 'Old till',
    prefix: 'vvk_OldOldOl',
    scopes: ['transactions:write'],
    createdAt: '2025-05-01T09:00:00.000Z',
    lastUsedAt: '2025-05-02T09:00:00.000Z',
    revokedAt: '2025-05-03T09:00:00.000Z',
    createdBy: 'Olivia Owner',
  },
];

const NEW_KEY = `vvk_${'k'.repeat(43)}`;

/** axe-core's findings on what is drawn (colour contrast needs a layout jsdom has not). */
async function violations(container: Element) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('integrations', () => {
  it('lists the keys with their prefix, scopes and last use; a revoked one cannot be revoked again', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /integration-keys': ok({ items: KEYS }) });
    const { container } = renderConsole('/integrations');
    const bi = await screen.findByRole('row', { name: /Power BI/ });
    expect(within(bi).getByText('vvk_AbCdEfGh…')).toBeInTheDocument();
    expect(within(bi).getByText('Read responses (BI tools)')).toBeInTheDocument();
    expect(within(bi).getByRole('button', { name: 'Revoke Power BI' })).toBeInTheDocument();
    const till = screen.getByRole('row', { name: /Till at Soho/ });
    expect(within(till).getByText('Send till checks, Replace the menu')).toBeInTheDocument();
    expect(within(till).getByText('Never')).toBeInTheDocument();
    const old = screen.getByRole('row', { name: /Old till/ });
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrations' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('makes a key and shows it once, with a copy button and a clear warning', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /integration-keys': ok({ items: KEYS }),
      'POST /integration-keys': ok({ id: 4, key: NEW_KEY }, 201),
    });
    const { user } = renderConsole('/integrations');
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New integration key' });
    // O11.1–O11.2 before the server: a name and a scope.
    await user.click(within(dialog).getByRole('button', { name: 'Make the key' }));
    expect(within(dialog).getByText('Give the key a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(api.calls('POST /integration-keys')).toHaveLength(0);
    expect(await violations(dialog)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Tableau');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read responses/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make the key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new key' });
    expect(within(shown).getByText(NEW_KEY)).toBeInTheDocument();
    expect(within(shown).getByText('You will not see it again')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(api.calls('POST /integration-keys')[0]?.body).toEqual({
      name: 'Tableau',
      scopes: ['responses:read'],
    });
    // The list is read again for the new key.
    await waitFor(() => expect(api.calls('GET /integration-keys').length).toBeGreaterThan(1));
    expect(await violations(shown)).toEqual([]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(NEW_KEY)).not.toBeInTheDocument());
  });

  it('shows the server’s field fault on its field (400 10025)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /integration-keys': ok({ items: [] }),
      'POST /integration-keys': fails(400, 10025, { fields: { name: 'integration.nameInvalid' } }),
    });
    const { user } = renderConsole('/integrations');
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New integration key' });
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Till');
    await user.click(within(dialog).getByRole('checkbox', { name: /Send till checks/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make the key' }));
    expect(
      await within(dialog).findByText('The name has characters that are not allowed'),
    ).toBeInTheDocument();
  });

  it('revokes a key only after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /integration-keys': ok({ items: KEYS }),
      'DELETE /integration-keys/3': ok({ key: { ...KEYS[0], revokedAt: '2025-06-14T18:30:00.000Z' } }),
    });
    const { user } = renderConsole('/integrations');
    await user.click(await screen.findByRole('button', { name: 'Revoke Power BI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Power BI?' });
    expect(api.calls('DELETE /integration-keys/3')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Power BI was revoked')).toBeInTheDocument();
    expect(api.calls('DELETE /integration-keys/3')).toHaveLength(1);
  });

  it('is not in a manager’s navigation', async () => {
    fakeApi({
      'GET /me': ok({ ...OWNER, operator: { ...OWNER.operator, role: 'manager' } }),
    });
    renderConsole('/');
    expect(await screen.findByRole('link', { name: 'Responses' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
  });
});
