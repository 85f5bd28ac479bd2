import { screen, within } from '@testing-library/react';
import type { ReportSummary, TrendPoint } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

// Today is 10 March 2026: the default period (last 30 days) is 9 February to 10 March, the period
// before 10 January to 8 February (O5.7).
const TODAY = new Date('2026-03-10T12:00:00');

const summary = (responses: number, nps: [number, number, number], csat: number | null, count: number) => {
  const [promoters, passives, detractors] = nps;
  const answered = promoters + passives + detractors;
  return {
    responses,
    nps: {
      score: answered ? Math.round((100 * (promoters - detractors)) / answered) : null,
      promoters,
      passives,
      detractors,
    },
    csat: { score: csat, count },
    indicators: [
      { id: 1, name: 'Food', average: 4.2, count: responses },
      { id: 2, name: 'Service', average: responses ? 3.9 : null, count: Math.min(responses, 3) },
      { id: 21, name: 'Unscored', average: null, count: 0 },
    ],
  } satisfies ReportSummary;
};

const NOW_SUMMARY = summary(42, [25, 10, 7], 71.4, 40);
const BEFORE_SUMMARY = {
  ...summary(3, [2, 0, 1], 60, 3),
  indicators: [
    { id: 1, name: 'Food', average: 4, count: 3 },
    { id: 2, name: 'Service', average: null, count: 0 },
    { id: 21, name: 'Unscored', average: null, count: 0 },
  ],
};

const point = (start: string, responses: number, nps: number | null, csat: number | null): TrendPoint => ({
  start,
  responses,
  nps,
  npsCount: responses,
  csat,
  csatCount: responses,
});

const branch = (id: number, name: string, responses: number, nps: number | null, before: number) => ({
  id,
  name,
  responses,
  nps,
  npsCount: responses,
  csat: responses ? 70 : null,
  csatCount: responses,
  previous: { responses: before, nps: before ? 10 : null, npsCount: before, csat: null, csatCount: 0 },
});

function reportsApi(me = OWNER, surveys = [{ surveyId: 1, surveyName: 'Dinner' }]) {
  return fakeApi({
    'GET /me': ok(me),
    'GET /links': ok({ items: surveys }),
    'GET /reports/summary': (request: FakeRequest) =>
      ok(request.query.get('to') === '2026-03-10' ? NOW_SUMMARY : BEFORE_SUMMARY),
    'GET /reports/trend': (request: FakeRequest) =>
      ok({
        bucket: request.query.get('bucket'),
        points: [
          point('2026-02-09', 4, 50, 75.5),
          point('2026-02-10', 0, null, null),
          point('2026-02-11', 12, 33, 80),
        ],
      }),
    'GET /reports/branches': ok({
      items: [
        branch(1, 'Soho', 30, 40, 20),
        branch(2, 'Shoreditch', 2, 100, 0),
        branch(3, 'Pop-up', 0, null, 0),
      ],
    }),
  });
}

const region = (name: string) => screen.findByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an owner the period’s figures beside the period before’s, in words where samples are small', async () => {
    const api = reportsApi();
    renderConsole('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

    const responses = await region('Responses');
    expect(responses).toHaveTextContent('42');
    expect(responses).toHaveTextContent('Period before: 3 · up 39');
    const nps = await region('NPS');
    expect(nps).toHaveTextContent('43'); // (25 − 7) / 42
    expect(nps).toHaveTextContent('25 promoters, 10 passives, 7 detractors');
    // O5.5: the period before's NPS rests on 3 answers, and says so.
    expect(nps).toHaveTextContent('Period before: 33 (only 3 answers: too few to rely on)');
    const csat = await region('CSAT');
    expect(csat).toHaveTextContent('71.4');
    expect(csat).toHaveTextContent('from 40 responses');
    expect(csat).toHaveTextContent('up 11.4');

    expect(
      api.calls('GET /reports/summary').map((call) => [call.query.get('from'), call.query.get('to')]),
    ).toEqual([
      ['2026-02-09', '2026-03-10'],
      ['2026-01-10', '2026-02-08'],
    ]);
    expect(
      screen.getByText(
        /9 Feb 2026 to 10 Mar 2026, compared with the period before: 10 Jan 2026 to 8 Feb 2026/,
      ),
    ).toBeInTheDocument();

    const topics = within(await region('Scores by topic')).getByRole('table');
    expect(rowsOf(topics)).toEqual([
      'Food4.2424.0 (only 3 answers: too few to rely on) · up 0.2',
      'Service3.9 (only 3 answers: too few to rely on)3no answers',
    ]);
  });

  it('gives the trend as a table of the same points, and regroups it by week in the address', async () => {
    const api = reportsApi();
    const { user, router } = renderConsole('/dashboard');
    const trend = await region('Over time');
    const table = within(trend).getByRole('table', { name: 'Responses, NPS and CSAT over time' });
    expect(rowsOf(table)).toEqual([
      '9 Feb 2026450 (only 4 answers: too few to rely on)75.5 (only 4 answers: too few to rely on)',
      '10 Feb 20260no answersno answers',
      '11 Feb 2026123380.0',
    ]);
    await user.click(within(trend).getByRole('radio', { name: 'Week' }));
    expect(router.state.location.search).toBe('?bucket=week');
    await within(await region('Over time')).findByText(/Week of 9 Feb 2026/);
    expect(api.calls('GET /reports/trend').map((call) => call.query.get('bucket'))).toEqual(['day', 'week']);
  });

  it('ranks the branches, and a branch’s name opens its own dashboard', async () => {
    const api = reportsApi();
    const { user, router } = renderConsole('/dashboard');
    const ranking = await region('Branches ranked');
    expect(within(ranking).getByText(/Ranked by NPS, then CSAT, then responses/)).toBeInTheDocument();
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '–']);
    expect(rows[1]).toHaveTextContent('100 (only 2 answers: too few to rely on)');
    expect(rows[2]).toHaveTextContent('Pop-up0Period before: 0 · unchangedno answers');
    await user.click(within(ranking).getByRole('link', { name: 'Shoreditch' }));
    expect(router.state.location.search).toBe('?branchId=2');
    await screen.findByRole('region', { name: 'Responses' });
    expect(screen.queryByRole('region', { name: 'Branches ranked' })).not.toBeInTheDocument();
    expect(api.calls('GET /reports/summary').at(-1)?.query.get('branchId')).toBe('2');
    expect(api.calls('GET /reports/branches')).toHaveLength(1);
  });

  it('keeps the period, branch and survey in the address', async () => {
    const api = reportsApi(OWNER, [
      { surveyId: 1, surveyName: 'Dinner' },
      { surveyId: 2, surveyName: 'Coffee' },
      { surveyId: 1, surveyName: 'Dinner' },
    ]);
    const { user, router } = renderConsole('/dashboard');
    await region('Responses');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Soho' }));
    await user.click(screen.getByRole('combobox', { name: 'Survey' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All surveys',
      'Coffee',
      'Dinner',
    ]);
    await user.click(screen.getByRole('option', { name: 'Coffee' }));
    expect(router.state.location.search).toBe('?period=lastMonth&branchId=1&surveyId=2');
    await region('Responses');
    const last = api.calls('GET /reports/summary').at(-2);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      branchId: '1',
      surveyId: '2',
    });
  });

  it('opens a shared link with its custom period', async () => {
    const api = reportsApi();
    renderConsole('/dashboard?period=custom&from=2025-01-01&to=2025-01-31&bucket=week');
    await region('Responses');
    expect(screen.getByRole('button', { name: 'From and to' })).toHaveTextContent('1 Jan 2025 – 31 Jan 2025');
    expect(Object.fromEntries(api.calls('GET /reports/trend')[0]?.query ?? [])).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      bucket: 'week',
    });
    expect(api.calls('GET /reports/summary')[1]?.query.get('from')).toBe('2024-12-01');
  });

  it.each([
    ['manager', MANAGER],
    ['viewer', VIEWER],
  ])('gives a %s of one branch its figures, with no branch choice or ranking', async (_role, me) => {
    const api = reportsApi(me);
    renderConsole('/dashboard');
    expect(await region('Responses')).toHaveTextContent('42');
    expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Survey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Branches ranked' })).not.toBeInTheDocument();
    expect(api.calls('GET /reports/branches')).toHaveLength(0);
    expect(api.calls('GET /reports/summary')[0]?.query.has('branchId')).toBe(false);
  });

  it('is what the console’s home and navigation open first', async () => {
    fakeApi({ 'GET /me': ok(OWNER) });
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getAllByRole('link')[0]).toHaveAttribute('href', '/dashboard');
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link')[0]).toHaveAttribute('href', '/dashboard');
    expect(within(main).getAllByRole('link')[0]).toHaveTextContent('Open the dashboard');
  });
});
