import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const entry = (id: number, action: string, extra = {}) => ({
  id,
  at: '2026-11-24T10:00:00.000Z',
  actor: 'Olivia Owner',
  action,
  subjectType: 'branch',
  subjectId: '1',
  branchId: 1,
  detail: { name: 'Soho' },
  ...extra,
});

describe('audit log', () => {
  it('shows who changed what, newest first, and older pages on request', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /audit': (request) =>
        request.query.get('cursor') === 'c2'
          ? ok({
              items: [entry(1, 'branch.create', { actor: 'command line' })],
              nextCursor: null,
            })
          : ok({
              items: [entry(3, 'passcode.rotate', { detail: {} }), entry(2, 'branch.update')],
              nextCursor: 'c2',
            }),
    });
    const { user } = renderConsole('/audit');
    const rows = async () => (await screen.findAllByRole('row')).slice(1);
    expect(await rows()).toHaveLength(2);
    expect(within((await rows())[1] as HTMLElement).getByText('name: Soho')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('command line')).toBeInTheDocument();
    expect(screen.getByText('New device passcode')).toBeInTheDocument();
    expect(screen.getByText('Branch added')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(api.calls('GET /audit').map((call) => call.query.get('cursor'))).toEqual([null, 'c2']);
  });
});
