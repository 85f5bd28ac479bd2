import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldResponses } from '../src/services/reports/fold';
import { insertResponses } from '../src/services/responses/insert-responses';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { addConsoleOperators, addForeignCompany } from './security/tenants';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';
import { type ReportFixture, reportResponse } from './support/report-responses';

// May 2018: days no other data uses. The period before (O5.7) is 2018-03-31 to 2018-04-30.
const PERIOD = 'from=2018-05-01&to=2018-05-31';

const FIXTURES: ReportFixture[] = [
  {
    branchId: 1,
    day: '2018-05-02',
    nps: 10,
    csat: 80,
    indicators: [
      { id: 1, score: 5 },
      { id: 2, score: 4 },
    ],
  },
  { branchId: 1, day: '2018-05-02', nps: 9, csat: 60, indicators: [{ id: 1, score: 4 }] },
  { branchId: 1, day: '2018-05-10', nps: 9, csat: 100, indicators: [{ id: 1, score: 2 }] },
  { branchId: 1, day: '2018-05-10', nps: 8, csat: 40 },
  { branchId: 1, day: '2018-05-10', nps: 3, csat: 20 },
  { branchId: 1, day: '2018-05-31', nps: 0, csat: null },
  { branchId: 2, day: '2018-05-20', nps: 10, csat: 100, indicators: [{ id: 1, score: 1 }] },
  { branchId: 2, day: '2018-05-20', nps: 10, csat: 100 },
  // The period before, and a day after the period that no figure may count.
  { branchId: 1, day: '2018-04-15', nps: 5, csat: 20 },
  { branchId: 1, day: '2018-06-01', nps: 10, csat: 100 },
];

describe.each(databases())('dashboard reports on $name', (target) => {
  let h: Harness;
  let as: Record<'owner' | 'manager1' | 'manager2' | 'viewer' | 'otherCompany', ConsoleHeaders>;

  beforeAll(async () => {
    h = await startHarness(target);
    await addForeignCompany(h.database);
    const ids = await addConsoleOperators(h.database);
    as = Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([actor, id]) => [actor, await sessionHeaders(h.database.db, id)]),
      ),
    ) as typeof as;
    await insertResponses(h.database.db, FIXTURES.map(reportResponse), NOW);
    // Folded by the first report read (reportScope folds), not here: that is part of what is tested.
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (path: string, headers: ConsoleHeaders = as.owner) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}/reports/${path}`, headers });

  describe('summary', () => {
    it('adds up every branch the owner sees, with the survey’s indicator names', async () => {
      const { status, body } = await get(`summary?${PERIOD}`);
      expect(status).toBe(200);
      expect(await foldResponses(h.database.db)).toBe(0); // the read folded them first
      const { indicators, ...figures } = body.data;
      expect(figures).toEqual({
        responses: 8,
        // (5 promoters − 2 detractors) / 8 = 37.5 → 38 (O5.2)
        nps: { score: 38, promoters: 5, passives: 1, detractors: 2 },
        csat: { score: 71.4, count: 7 }, // 500 / 7
      });
      expect(indicators).toContainEqual({ id: 1, name: 'Food', average: 3, count: 4 });
      expect(indicators).toContainEqual({ id: 2, name: 'Service', average: 4, count: 1 });
      expect(indicators).toContainEqual({ id: 11, name: 'Coffee', average: null, count: 0 });
    });

    it('narrows to one branch and one survey', async () => {
      const one = await get(`summary?${PERIOD}&branchId=2&surveyId=1`);
      expect(one.status).toBe(200);
      expect(one.body.data.responses).toBe(2);
      expect(one.body.data.nps.score).toBe(100);
      // Only the bistro's indicators when it is the survey asked for.
      expect(one.body.data.indicators.map((i: { id: number }) => i.id)).toEqual([1, 2, 3, 4, 5, 6]);
      const cafe = await get(`summary?${PERIOD}&surveyId=2`);
      expect(cafe.body.data).toMatchObject({
        responses: 0,
        nps: { score: null },
        csat: { score: null, count: 0 },
      });
      expect(cafe.body.data.indicators).toEqual([
        { id: 11, name: 'Coffee', average: null, count: 0 },
        { id: 12, name: 'Service', average: null, count: 0 },
      ]);
    });

    it('gives a manager of branch 1 branch 1 alone, never branch 2’s figures', async () => {
      const mine = await get(`summary?${PERIOD}`, as.manager1);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject({
        responses: 6,
        nps: { promoters: 3, passives: 1, detractors: 2 },
      });
      expect(mine.body.data.indicators).toContainEqual({ id: 1, name: 'Food', average: 3.7, count: 3 });
      const hidden = await get(`summary?${PERIOD}&branchId=2`, as.manager1);
      expect([hidden.status, hidden.body.error.code]).toEqual([404, 10012]);
    });

    it('lets a viewer read, and answers another company’s survey or an unknown branch as missing', async () => {
      expect((await get(`summary?${PERIOD}`, as.viewer)).body.data.responses).toBe(6);
      const foreign = await get(`summary?${PERIOD}&surveyId=20`);
      expect([foreign.status, foreign.body.error.code]).toEqual([404, 10014]);
      const otherBranch = await get(`summary?${PERIOD}&branchId=20`);
      expect([otherBranch.status, otherBranch.body.error.code]).toEqual([404, 10012]);
      // The other company's owner sees their own company: none of ours.
      expect((await get(`summary?${PERIOD}`, as.otherCompany)).body.data.responses).toBe(0);
    });
  });

  describe.each(['summary', 'trend', 'branches'])('%s refuses bad input', (call) => {
    it.each([
      ['from=2018-02-30&to=2018-03-01', 'from', 'reports.dateInvalid'],
      ['from=2018-03-01&to=tomorrow', 'to', 'reports.dateInvalid'],
      ['from=2018-03-02&to=2018-03-01', 'from', 'reports.periodBackwards'],
      ['from=2016-01-01&to=2018-03-01', 'from', 'reports.periodTooLong'],
    ])('%s: 400 10025 on %s', async (query, field, message) => {
      const { status, body } = await get(`${call}?${query}`);
      expect([status, body.error.code]).toEqual([400, 10025]);
      expect(body.error.detail.fields).toEqual([{ field, in: 'query', message }]);
    });

    it.each([
      ['surveyId=one', 'surveyId'],
      ['surveyId=01', 'surveyId'],
      ['surveyId=99999999999', 'surveyId'],
    ])('%s: 400 10009', async (query, field) => {
      const { status, body } = await get(`${call}?${PERIOD}&${query}`);
      expect([status, body.error.code]).toEqual([400, 10009]);
      expect(body.error.detail.fields[0].field).toBe(field);
    });

    it('needs the period', async () => {
      const { status, body } = await get(`${call}?from=2018-05-01`);
      expect([status, body.error.code]).toEqual([400, 10008]);
      expect(body.error.detail.fields[0].field).toBe('to');
    });
  });

  it.each(['summary', 'trend'])('%s refuses a branch id that is not one (10009)', async (path) => {
    const { status, body } = await get(`${path}?${PERIOD}&branchId=1.5`);
    expect([status, body.error.code, body.error.detail.fields[0].field]).toEqual([400, 10009, 'branchId']);
  });

  describe('trend', () => {
    it('gives every week of the period, empty ones with zeros and no figure', async () => {
      const { status, body } = await get(`trend?${PERIOD}&bucket=week`);
      expect(status).toBe(200);
      expect(body.data.bucket).toBe('week');
      const starts = body.data.points.map((p: { start: string }) => p.start);
      expect(starts).toEqual(['2018-04-30', '2018-05-07', '2018-05-14', '2018-05-21', '2018-05-28']);
      const [first, second, third, fourth, fifth] = body.data.points;
      expect(first).toEqual({
        start: '2018-04-30',
        responses: 2,
        nps: 100,
        npsCount: 2,
        csat: 70,
        csatCount: 2,
      });
      expect(second).toEqual({
        start: '2018-05-07',
        responses: 3,
        nps: 0,
        npsCount: 3,
        csat: 53.3,
        csatCount: 3,
      });
      expect(third).toEqual({
        start: '2018-05-14',
        responses: 2,
        nps: 100,
        npsCount: 2,
        csat: 100,
        csatCount: 2,
      });
      expect(fourth).toEqual({
        start: '2018-05-21',
        responses: 0,
        nps: null,
        npsCount: 0,
        csat: null,
        csatCount: 0,
      });
      // The 31st only: June's first day is outside the period.
      expect(fifth).toEqual({
        start: '2018-05-28',
        responses: 1,
        nps: -100,
        npsCount: 1,
        csat: null,
        csatCount: 0,
      });
    });

    it('by day is a point a day, by month one; a manager’s is their branch’s', async () => {
      const days = await get(`trend?${PERIOD}`);
      expect(days.body.data.bucket).toBe('day');
      expect(days.body.data.points).toHaveLength(31);
      const months = await get(`trend?${PERIOD}&bucket=month`, as.manager1);
      expect(months.body.data.points).toEqual([
        { start: '2018-05-01', responses: 6, nps: 17, npsCount: 6, csat: 60, csatCount: 5 },
      ]);
      const bad = await get(`trend?${PERIOD}&bucket=year`);
      expect([bad.status, bad.body.error.code, bad.body.error.detail.fields[0].field]).toEqual([
        400,
        10009,
        'bucket',
      ]);
      const hidden = await get(`trend?${PERIOD}&branchId=2`, as.manager1);
      expect([hidden.status, hidden.body.error.code]).toEqual([404, 10012]);
    });
  });

  describe('branches', () => {
    it('ranks every branch the owner sees, with the period before, unanswered ones last', async () => {
      const { status, body } = await get(`branches?${PERIOD}`);
      expect(status).toBe(200);
      expect(body.data.items).toEqual([
        {
          id: 1,
          name: 'Demo Bistro Soho',
          responses: 6,
          nps: 17, // (3 − 2) / 6
          npsCount: 6,
          csat: 60,
          csatCount: 5,
          previous: { responses: 1, nps: -100, npsCount: 1, csat: 20, csatCount: 1 },
        },
        // Two responses are fewer than O5.5's five: ranked after, however good (O5.11).
        expect.objectContaining({
          id: 2,
          responses: 2,
          nps: 100,
          previous: expect.objectContaining({ responses: 0 }),
        }),
        expect.objectContaining({ id: 3, responses: 0, nps: null, csat: null }),
      ]);
    });

    it('lists only a manager’s branches, and every branch for a survey nobody answered', async () => {
      const mine = await get(`branches?${PERIOD}`, as.manager2);
      expect(mine.body.data.items.map((b: { id: number; responses: number }) => [b.id, b.responses])).toEqual(
        [[2, 2]],
      );
      const cafe = await get(`branches?${PERIOD}&surveyId=2`);
      expect(cafe.body.data.items.map((b: { id: number }) => b.id)).toEqual([2, 1, 3]); // by name, none answered
      expect(cafe.body.data.items.every((b: { responses: number }) => b.responses === 0)).toBe(true);
      const foreign = await get(`branches?${PERIOD}&surveyId=20`, as.viewer);
      expect([foreign.status, foreign.body.error.code]).toEqual([404, 10014]);
    });
  });
});
