import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  errorCode: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  ...extra,
});

// The server's sentence and code for a fault of its own (decision 0264).
const NOT_WRITTEN = { error: 'the export’s file could not be written', errorCode: 10001 };

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

  it('says an export that has not written a row yet is waiting to start, then counts its rows', async () => {
    const user = userEvent.setup();
    let polls = 0;
    fakeApi({
      ...inbox,
      'POST /exports': ok({ export: job() }, 202),
      'GET /exports/:id': () => {
        polls++;
        return ok({ export: job({ state: 'running', rowsDone: polls < 2 ? 0 : 600 }) });
      },
    });
    renderConsole('/responses');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/^Waiting to start: the file of 1200 responses/)).toBeInTheDocument();
    expect(
      await screen.findByText('Writing the file: 600 of 1200 responses', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('says why an export was refused, and when one failed on the server', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...inbox,
      'POST /exports': ({ body }) =>
        (body as { format: string }).format === 'csv'
          ? fails(400, 10009, { fields: [{ field: 'filter.nps', in: 'body', message: 'Invalid' }] })
          : ok({ export: job({ id: 6, format: 'xlsx', state: 'failed', ...NOT_WRITTEN }) }, 202),
      'GET /exports/:id': ok({ export: job({ id: 6, format: 'xlsx', state: 'failed', ...NOT_WRITTEN }) }),
    });
    renderConsole('/responses');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The export failed'));
  });

  /** The panel once its export answered `failed` with the server's sentence and code. */
  async function failedWith(failure: Pick<ExportJob, 'error' | 'errorCode'>, me = OWNER) {
    const user = userEvent.setup();
    fakeApi({
      ...inbox,
      'GET /me': ok(me),
      'POST /exports': ok({ export: job() }, 202),
      'GET /exports/:id': ok({ export: job({ state: 'failed', rowsDone: 400, ...failure }) }),
    });
    renderConsole('/responses');
    await user.click(
      await screen.findByRole('button', { name: me === OWNER ? 'Export CSV' : 'CSV exportieren' }),
    );
    return screen.findByRole('alert');
  }

  it('O8.7 a failed export says what happened in the operator’s words, with the server’s sentence and code for support', async () => {
    const alert = await failedWith(NOT_WRITTEN);
    expect(alert).toHaveTextContent('The export failed');
    expect(alert).toHaveTextContent(
      'The file could not be made. Please try again; if it fails again, tell us.',
    );
    expect(
      within(alert).getByText('For support: the export’s file could not be written (code 10001)'),
    ).toBeInTheDocument();
  });

  it('O8.7 a process that stopped keeps its detail; a filter that no longer holds says to change it', async () => {
    const stopped = await failedWith({
      error: 'the export process stopped (signal SIGKILL) after 400 rows',
      errorCode: 10001,
    });
    expect(
      within(stopped).getByText(
        'For support: the export process stopped (signal SIGKILL) after 400 rows (code 10001)',
      ),
    ).toBeInTheDocument();
    cleanup();
    const filter = await failedWith({ error: 'Invalid branch reference', errorCode: 10012 });
    expect(filter).toHaveTextContent('The filter no longer fits what your account may see');
  });

  it('O8.7 a failed export in the operator’s language (de)', async () => {
    const alert = await failedWith(NOT_WRITTEN, {
      ...OWNER,
      operator: { ...OWNER.operator, language: 'de' },
    });
    expect(alert).toHaveTextContent('Der Export ist fehlgeschlagen');
    expect(alert).toHaveTextContent('Die Datei konnte nicht erstellt werden.');
    expect(
      within(alert).getByText('Für den Support: the export’s file could not be written (Code 10001)'),
    ).toBeInTheDocument();
  });
});
