import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const HOOKS = [
  {
    id: 3,
    url: 'https://hooks.example.com/venue',
    events: ['response.created', 'case.opened'],
    active: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    pending: 1,
    failed: 2,
  },
  {
    id: 4,
    url: 'https://crm.example.com/in',
    events: ['case.resolved'],
    active: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    pending: 0,
    failed: 0,
  },
];

const DELIVERIES = {
  items: [
    {
      id: 12,
      messageId: 'msg_response.created_77',
      eventType: 'response.created',
      state: 'pending',
      createdAt: '2026-11-28T09:00:00.000Z',
      deliveredAt: null,
      nextAttemptAt: '2026-11-28T09:35:05.000Z',
      attempts: [
        { at: '2026-11-28T09:00:00.000Z', statusCode: null, durationMs: 3, error: 'ECONNREFUSED: connect' },
        { at: '2026-11-28T09:00:05.000Z', statusCode: 503, durationMs: 41, error: 'HTTP 503: busy' },
      ],
    },
    {
      id: 11,
      messageId: 'msg_case.opened_9',
      eventType: 'case.opened',
      state: 'delivered',
      createdAt: '2026-11-28T08:00:00.000Z',
      deliveredAt: '2026-11-28T08:00:00.000Z',
      nextAttemptAt: null,
      attempts: [{ at: '2026-11-28T08:00:00.000Z', statusCode: 200, durationMs: 18, error: null }],
    },
  ],
  nextCursor: '11',
};

/** What axe finds on the screen (colour contrast needs a layout jsdom has not). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('webhooks', () => {
  it('lists the webhooks with their events, state and queue, without accessibility problems', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /webhooks': ok({ items: HOOKS }) });
    const { container } = renderConsole('/webhooks');
    const first = await screen.findByRole('row', { name: /hooks\.example\.com/ });
    expect(within(first).getByText('Response received, Case opened')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('1 waiting, 2 failed')).toBeInTheDocument();
    const second = screen.getByRole('row', { name: /crm\.example\.com/ });
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    // A disabled webhook sends nothing, so it has no test to send.
    expect(
      screen.getByRole('button', { name: 'Send a test event to https://crm.example.com/in' }),
    ).toBeDisabled();
    expect(await violations(container)).toEqual([]);
  });

  it('adds a webhook and shows its secret once, to copy', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /webhooks': ok({ items: [] }),
      'POST /webhooks': ok({ id: 9, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2UtZm9yLWEtdGVzdC1oZXJlIQ==' }, 201),
    });
    const { user } = renderConsole('/webhooks');
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.com/new');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Response supplemented' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Case resolved' }));
    expect(await violations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText('whsec_c2VjcmV0LXNob3duLW9uY2UtZm9yLWEtdGVzdC1oZXJlIQ=='),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/only time the secret is shown/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    expect(api.calls('POST /webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.com/new',
      events: ['response.created', 'case.opened'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says on the URL field why the server refused it (a private address)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /webhooks': ok({ items: [] }),
      'POST /webhooks': fails(400, 10009, {
        reason: 'private_address',
        fields: { url: 'webhooks.urlFaults.private_address' },
      }),
    });
    const { user } = renderConsole('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText(
        'This address is in a private or local network, which webhooks cannot reach',
      ),
    ).toBeInTheDocument();
  });

  it('asks for an event before sending', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER), 'GET /webhooks': ok({ items: [] }) });
    const { user } = renderConsole('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.com/x');
    for (const name of ['Response received', 'Response supplemented', 'Case opened', 'Case resolved']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(api.calls('POST /webhooks')).toHaveLength(0);
  });

  it('disables, sends a test and deletes after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /webhooks': ok({ items: HOOKS }),
      'PATCH /webhooks/3': ok({}),
      'POST /webhooks/3/test': ok({ deliveryId: 20, messageId: 'msg_test_1' }, 202),
      'DELETE /webhooks/3': ok({}),
    });
    const { user } = renderConsole('/webhooks');
    await user.click(
      await screen.findByRole('button', { name: 'Send a test event to https://hooks.example.com/venue' }),
    );
    expect(await screen.findByText('Test event sent: see the delivery log')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable https://hooks.example.com/venue' }));
    await waitFor(() => expect(api.calls('PATCH /webhooks/3')[0]?.body).toEqual({ active: false }));
    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/venue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(api.calls('DELETE /webhooks/3')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /webhooks/3')).toHaveLength(1));
  });

  it('shows the delivery log: state, attempts, last status, duration and error, and loads more', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /webhooks': ok({ items: HOOKS }),
      'GET /webhooks/3/deliveries': ({ query }) =>
        query.get('cursor') === '11'
          ? ok({ items: [{ ...DELIVERIES.items[1], id: 10, messageId: 'msg_old' }], nextCursor: null })
          : ok(DELIVERIES),
    });
    const { user } = renderConsole('/webhooks');
    await user.click(
      await screen.findByRole('button', { name: 'Delivery log of https://hooks.example.com/venue' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Deliveries to https://hooks.example.com/venue',
    });
    const retrying = await within(dialog).findByRole('row', { name: /msg_response\.created_77/ });
    expect(within(retrying).getByText('Retrying')).toBeInTheDocument();
    expect(within(retrying).getByText('503')).toBeInTheDocument();
    expect(within(retrying).getByText('41 ms')).toBeInTheDocument();
    expect(within(retrying).getByText('HTTP 503: busy')).toBeInTheDocument();
    const delivered = within(dialog).getByRole('row', { name: /msg_case\.opened_9/ });
    expect(within(delivered).getByText('Delivered')).toBeInTheDocument();
    expect(within(delivered).getByText('200')).toBeInTheDocument();
    expect(await violations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('msg_old')).toBeInTheDocument();
    expect(api.calls('GET /webhooks/3/deliveries')).toHaveLength(2);
  });

  it('a manager is told the role does not allow it', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /webhooks': fails(403, 10034) });
    renderConsole('/webhooks');
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
  });
});
