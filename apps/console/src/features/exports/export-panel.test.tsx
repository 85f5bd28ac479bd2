import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportJob } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const job = (extra: Partial<ExportJob> = {}): ExportJob => ({
  id: 5,
  format: 'csv',
  state: 'queued',
  rowsTotal: 1200,
  rowsDone: 0,
  bytes: null,
  error: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  ...extra,
});

const inbox = {
  'GET /me': ok(OWNER),
  'GET /responses': ok({ items: [], nextCursor: null }),
  'GET /links': ok({ items: [] }),
};

describe('the inbox’s export (O8.6)', () => {
  it('exports the filter in the address, shows the progress, then the file’s link', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const api = fakeApi({
      ...inbox,
      'POST /exports': ok({ export: job() }, 202),
      'GET /exports/:id': () => {
        polls++;
        return ok({
          export:
            polls < 2
              ? job({ state: 'running', rowsDone: 600 })
              : job({ state: 'done', rowsDone: 1200, bytes: 2_400_000 }),
        });
      },
    });
    renderConsole('/responses?nps=detractor&branchId=1');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const asked = api.requests.find((r) => r.method === 'POST' && r.path === '/exports');
    expect(asked?.body).toEqual({ format: 'csv', filter: { nps: 'detractor', branchId: '1' } });
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download the CSV file' }, { timeout: 4000 });
    expect(link).toHaveAttribute('href', '/api/v1/console/exports/5/file');
    expect(screen.getByText('Ready: 1200 responses, 2.4 MB.')).toBeInTheDocument();
  });

  it('says why an export was refused, and when one failed on the server', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...inbox,
      'POST /exports': ({ body }) =>
        (body as { format: string }).format === 'csv'
          ? fails(400, 10009, { fields: [{ field: 'filter.nps', in: 'body', message: 'Invalid' }] })
          : ok({ export: job({ id: 6, format: 'xlsx', state: 'failed', error: 'disk full' }) }, 202),
      'GET /exports/:id': ok({ export: job({ id: 6, format: 'xlsx', state: 'failed', error: 'disk full' }) }),
    });
    renderConsole('/responses');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The export failed'));
  });
});
