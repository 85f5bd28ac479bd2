import { screen, waitFor, within } from '@testing-library/react';
import type { InboxItem } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const item = (id: number, extra: Partial<InboxItem> = {}): InboxItem => ({
  id,
  branch: { id: 1, name: 'Soho' },
  survey: { id: 1, name: 'Demo Bistro' },
  visitDatetime: '2026-11-24 19:30:00',
  source: 'web',
  language: 'en-gb',
  csat: 80,
  nps: 9,
  npsGroup: 'promoter',
  complaint: false,
  hasComment: true,
  hasPhoto: false,
  staff: null,
  dishes: 0,
  excerpt: `Lovely evening ${id}`,
  ...extra,
});

const choices = {
  'GET /links': ok({
    items: [
      { surveyId: 1, surveyName: 'Demo Bistro', branchId: 1 },
      { surveyId: 1, surveyName: 'Demo Bistro', branchId: 2 },
      { surveyId: 2, surveyName: 'Demo Café', branchId: 1 },
    ],
  }),
  'GET /branches/:id/staff': ok({ items: [{ id: 7, displayName: 'Sam' }], teams: [] }),
};

const rows = async () => (await screen.findAllByRole('row')).slice(1);

describe('the inbox', () => {
  it('lists responses newest first and loads more by the cursor', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      ...choices,
      'GET /responses': (request) =>
        request.query.get('cursor') === 'next'
          ? ok({ items: [item(1, { excerpt: 'The oldest one' })], nextCursor: null })
          : ok({
              items: [
                item(3, { complaint: true, npsGroup: 'detractor', nps: 2, hasPhoto: true, dishes: 2 }),
                item(2, { staff: { id: 7, name: 'Sam' }, source: 'app', language: 'de' }),
              ],
              nextCursor: 'next',
            }),
    });
    const { user } = renderConsole('/responses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(await rows()).toHaveLength(2);
    const first = within((await rows())[0] as HTMLElement);
    expect(first.getByText('Complaint')).toBeInTheDocument();
    expect(first.getByText('Photo')).toBeInTheDocument();
    expect(first.getByText('2 dishes rated')).toBeInTheDocument();
    expect(first.getByText('NPS 2 · Detractor')).toBeInTheDocument();
    expect(within((await rows())[1] as HTMLElement).getByText('Tablet · German')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls('GET /responses').map((call) => call.query.get('cursor'))).toEqual([null, 'next']);
  });

  it('reads its filters from the address, so a shared link shows the same responses', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      ...choices,
      'GET /responses': ok({ items: [], nextCursor: null }),
    });
    renderConsole('/responses?from=2026-11-01&to=2026-11-30&branchId=1&dish=1001&staffId=7&unknown=x');
    expect(await screen.findByText('No response matches these filters.')).toBeInTheDocument();
    const query = api.calls('GET /responses')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      branchId: '1',
      dish: '1001',
      staffId: '7',
    });
    expect(screen.getByLabelText('Visits from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Dish (menu ref)')).toHaveValue('1001');
    expect(await screen.findByRole('option', { name: 'Sam' })).toBeInTheDocument();
  });

  it('puts applied filters into the address; Back returns to the ones before', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      ...choices,
      'GET /responses': ok({ items: [item(1)], nextCursor: null }),
    });
    const { user, router } = renderConsole('/responses');
    await rows();
    await user.selectOptions(screen.getByLabelText('NPS group'), 'Detractor');
    await user.selectOptions(screen.getByLabelText('Answered on'), 'Tablet');
    await user.click(screen.getByLabelText('Complaint raised'));
    await user.type(screen.getByLabelText('Search what guests wrote'), 'cold chips');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?nps=detractor&complaint=true&source=app&q=cold+chips');
    await screen.findByDisplayValue('cold chips');
    expect(Object.fromEntries(api.calls('GET /responses').at(-1)?.query ?? [])).toEqual({
      nps: 'detractor',
      source: 'app',
      complaint: 'true',
      q: 'cold chips',
    });
    await router.navigate(-1);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Search what guests wrote')).toHaveValue(''));
    expect(screen.getByLabelText('Complaint raised')).not.toBeChecked();
  });

  it('shows a manager only their branches to choose from', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), ...choices, 'GET /responses': ok({ items: [], nextCursor: null }) });
    renderConsole('/responses');
    const branch = await screen.findByLabelText('Branch');
    expect(
      within(branch)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All branches', 'Soho']);
  });

  it('says why a filter was refused', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      ...choices,
      'GET /responses': fails(400, 10009, {
        fields: [{ field: 'q', in: 'query', message: 'Expected 3–100 characters' }],
      }),
    });
    renderConsole('/responses?q=ab');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('opens a response from its row', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      ...choices,
      'GET /responses': ok({ items: [item(42)], nextCursor: null }),
      'GET /responses/:id': fails(404, 10014),
    });
    const { user, router } = renderConsole('/responses?nps=promoter');
    await user.click(await screen.findByRole('link', { name: /Open the response of/ }));
    expect(router.state.location.pathname).toBe('/responses/42');
    expect(await screen.findByRole('link', { name: /Back to responses/ })).toHaveAttribute(
      'href',
      '/responses?nps=promoter',
    );
  });
});
