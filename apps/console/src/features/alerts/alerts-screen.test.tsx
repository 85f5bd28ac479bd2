import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const RULE = {
  id: 7,
  name: 'Every complaint',
  kind: 'complaint',
  branchId: null,
  indicatorId: null,
  maxScore: null,
  words: [],
  recipientIds: [1],
  opensCase: true,
  active: true,
  canChange: true,
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const SOHO_RULE = {
  ...RULE,
  id: 8,
  name: 'Low food',
  kind: 'indicator',
  branchId: 1,
  indicatorId: 1,
  maxScore: 2,
  recipientIds: [2],
  opensCase: false,
};
const CHOICES = {
  recipients: [
    { id: 1, name: 'Olivia Owner', email: 'owner@demo.test', role: 'owner', branchIds: 'all' },
    { id: 2, name: 'Sam Soho', email: 'soho@demo.test', role: 'manager', branchIds: [1] },
    { id: 5, name: 'Shona Shoreditch', email: 'sho@demo.test', role: 'manager', branchIds: [2] },
  ],
  indicators: [{ id: 1, name: 'Food', min: 1, max: 5, surveys: ['Demo Bistro'] }],
};

/** axe on the rendered screen (jsdom draws no colours: contrast is the e2e's). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('alerts', () => {
  it('lists the rules in words, with no axe violation', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /alert-rules': ok({ rules: [RULE, SOHO_RULE], ...CHOICES }) });
    const { container } = renderConsole('/alerts');
    const food = await screen.findByRole('row', { name: /Low food/ });
    expect(within(food).getByText('Food at or below 2')).toBeInTheDocument();
    expect(within(food).getByText('Soho')).toBeInTheDocument();
    expect(within(food).getByText('Sam Soho')).toBeInTheDocument();
    const every = screen.getByRole('row', { name: /Every complaint/ });
    expect(within(every).getByText('All branches')).toBeInTheDocument();
    expect(within(every).getByText('Opens a case')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('adds a words rule for a branch, offering only recipients who see it', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /alert-rules': ok({ rules: [], ...CHOICES }),
      'POST /alert-rules': ok({ rule: { ...RULE, id: 9 } }, 201),
    });
    const { user } = renderConsole('/alerts');
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an alert rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Hygiene');
    await user.click(within(dialog).getByRole('combobox', { name: /^when/i }));
    await user.click(await screen.findByRole('option', { name: 'Words in a comment' }));
    // The domain's O9.7 first: a words rule needs a word.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThan(0);
    await user.type(within(dialog).getByRole('combobox', { name: /^words/i }), 'hair{Enter}dirty{Enter}');
    await user.click(within(dialog).getByRole('combobox', { name: /^branch/i }));
    await user.click(await screen.findByRole('option', { name: 'Soho' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^recipients/i }));
    // O1.7: Shoreditch's manager cannot see Soho, so is not offered.
    expect(screen.queryByRole('option', { name: /Shona Shoreditch/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Sam Soho/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'Open a case for each alert' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alert rule saved')).toBeInTheDocument();
    expect(api.calls('POST /alert-rules')[0]?.body).toEqual({
      name: 'Hygiene',
      kind: 'words',
      branchId: 1,
      indicatorId: null,
      maxScore: null,
      words: ['hair', 'dirty'],
      recipientIds: [2],
      opensCase: false,
      active: true,
    });
  });

  it('shows which recipient the server refused, by name', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /alert-rules': ok({ rules: [RULE], ...CHOICES }),
      'PATCH /alert-rules/7': fails(400, 10025, {
        fields: [
          { field: 'body.recipientIds', message: 'alerts.recipientOutOfScope', params: { operatorId: 1 } },
        ],
      }),
    });
    const { user } = renderConsole('/alerts');
    await user.click(await screen.findByRole('button', { name: 'Edit Every complaint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Every complaint' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Olivia Owner cannot see this branch, so cannot receive its alerts'),
    ).toBeInTheDocument();
  });

  it('a manager adds for their branch only, reads company-wide rules and deletes after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /alert-rules': ok({ rules: [{ ...RULE, canChange: false }, SOHO_RULE], ...CHOICES }),
      'DELETE /alert-rules/8': ok({}),
    });
    const { user } = renderConsole('/alerts');
    const every = await screen.findByRole('row', { name: /Every complaint/ });
    expect(within(every).getByText('Read only')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an alert rule' });
    await user.click(within(dialog).getByRole('combobox', { name: /^branch/i }));
    expect(screen.queryByRole('option', { name: 'All branches' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Soho' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Low food' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Low food?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Low food deleted')).toBeInTheDocument();
    expect(api.calls('DELETE /alert-rules/8')).toHaveLength(1);
  });
});
