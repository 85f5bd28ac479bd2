import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { insertRated } from './support/rated-responses';

// April 2018: days no other data uses.
const PERIOD = 'from=2018-04-01&to=2018-04-30';
// demo-bistro's staff tags: 1 Friendly, 2 Attentive, 3 Knowledgeable, 4 Quick. Members: 2 Sam Patel
// and 4 Priya Shah at branch 1 (Soho), 8 Dana Kowalski at branch 2 (Manchester).
const chosen = (staffId: number, tags: number[], text?: string) => ({
  staffId,
  staff: {
    renderType: 1,
    staffId,
    subQuestions: [
      ...(tags.length > 0 ? [{ question_type: 'tags', answers: tags }] : []),
      ...(text ? [{ question_type: 'text', answers: [text] }] : []),
    ],
  },
});

/**
 * The team report (issue 29 item 5): times chosen and the means of the responses naming a member
 * (O7.5, rollups), the tags given most with their labels (O7.6, O7.7) and the latest comments (O7.8)
 * from the responses, per branch too; role scoping and bad inputs.
 */
describe.each(databases())('the team report on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let ids: number[];
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    // Priya has tags of her own: the guest was offered those (G4.51), so they label hers.
    await h.database.db
      .update(staffMembers)
      .set({ tags: [{ id: 1, text: 'Warm' }] })
      .where(eq(staffMembers.id, 4));
    ids = await insertRated(h.database.db, [
      {
        branchId: 1,
        visit: '2018-04-02 12:00:00',
        csat: 80,
        nps: 9,
        ...chosen(2, [1, 2], 'Great cocktails'),
      },
      { branchId: 1, visit: '2018-04-03 12:00:00', csat: 60, nps: 7, ...chosen(2, [1]) },
      { branchId: 1, visit: '2018-04-04 12:00:00', csat: 100, nps: 10, ...chosen(2, [4, 4], '  Quick!  ') },
      { branchId: 1, visit: '2018-04-05 12:00:00', csat: null, nps: 6, ...chosen(2, [], 'Knew the wines') },
      { branchId: 1, visit: '2018-04-06 12:00:00', csat: 40, nps: null, ...chosen(2, [2], '   ') },
      { branchId: 1, visit: '2018-04-02 20:00:00', csat: 90, nps: 8, ...chosen(4, [1]) },
      {
        branchId: 1,
        visit: '2018-04-03 20:00:00',
        csat: 70,
        nps: 9,
        staffId: 4,
        staff: { renderType: 0, description: 'Priya was lovely' },
      },
      {
        branchId: 2,
        visit: '2018-04-02 19:00:00',
        csat: 100,
        nps: 10,
        ...chosen(8, [3], 'Dana knew the menu'),
      },
      { branchId: 1, visit: '2018-05-01 12:00:00', csat: 0, nps: 0, ...chosen(2, [3], 'After the period') },
      { branchId: 1, visit: '2018-04-10 12:00:00', csat: 50, nps: 5 }, // nobody named
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers = owner) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers });

  it('reports each member named: chosen, means, tags given most, latest comments; most chosen first', async () => {
    const r = await get(`/reports/staff?${PERIOD}`);
    expect(r.status).toBe(200);
    const { members } = r.body.data;
    expect(members.map((m: { id: number }) => m.id)).toEqual([2, 4, 8]);
    expect(members[0]).toEqual({
      id: 2,
      name: 'Sam Patel',
      branch: { id: 1, name: 'Demo Bistro Soho' },
      chosen: 5,
      csat: { score: 70, count: 4 },
      nps: { mean: 8, count: 4 },
      lowSample: false,
      tags: [
        { id: 1, label: 'Friendly', count: 2 },
        { id: 2, label: 'Attentive', count: 2 },
        { id: 4, label: 'Quick', count: 1 }, // twice in one answer counts once
      ],
      comments: [
        { responseId: ids[3], visitDatetime: '2018-04-05 12:00:00', text: 'Knew the wines' },
        { responseId: ids[2], visitDatetime: '2018-04-04 12:00:00', text: 'Quick!' },
        { responseId: ids[0], visitDatetime: '2018-04-02 12:00:00', text: 'Great cocktails' },
      ],
    });
    expect(members[1]).toMatchObject({
      name: 'Priya Shah',
      chosen: 2,
      csat: { score: 80, count: 2 },
      nps: { mean: 8.5, count: 2 },
      lowSample: true,
      tags: [{ id: 1, label: 'Warm', count: 1 }],
      comments: [{ responseId: ids[6], text: 'Priya was lovely' }],
    });
    expect(members[2]).toMatchObject({
      name: 'Dana Kowalski',
      branch: { id: 2, name: 'Demo Bistro Manchester' },
      tags: [{ id: 3, label: 'Knowledgeable', count: 1 }],
    });
  });

  it('sums per branch over the members named there', async () => {
    const { branches } = (await get(`/reports/staff?${PERIOD}`)).body.data;
    expect(branches).toEqual([
      {
        id: 1,
        name: 'Demo Bistro Soho',
        members: 2,
        chosen: 7,
        csat: { score: 73.3, count: 6 },
        nps: { mean: 8.2, count: 6 },
        lowSample: false,
      },
      {
        id: 2,
        name: 'Demo Bistro Manchester',
        members: 1,
        chosen: 1,
        csat: { score: 100, count: 1 },
        nps: { mean: 10, count: 1 },
        lowSample: true,
      },
    ]);
  });

  it('shows a manager of branch 1 neither branch 2’s members nor their comments, and refuses branch 2', async () => {
    const mine = (await get(`/reports/staff?${PERIOD}`, manager)).body.data;
    expect(mine.members.map((m: { id: number }) => m.id)).toEqual([2, 4]);
    expect(mine.branches.map((b: { id: number }) => b.id)).toEqual([1]);
    expect(JSON.stringify(mine)).not.toMatch(/Dana/);
    const other = await get(`/reports/staff?${PERIOD}&branchId=2`, manager);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe(10012);
    const two = (await get(`/reports/staff?${PERIOD}&branchId=2`)).body.data;
    expect(two.members.map((m: { id: number }) => m.id)).toEqual([8]);
  });

  it('narrows to a survey, and answers an empty period with no rows', async () => {
    const cafe = (await get(`/reports/staff?${PERIOD}&surveyId=2`)).body.data;
    expect(cafe).toEqual({ members: [], branches: [] });
    const bistro = (await get(`/reports/staff?${PERIOD}&surveyId=1`)).body.data;
    expect(bistro.members).toHaveLength(3);
    expect((await get('/reports/staff?from=2018-03-01&to=2018-03-31')).body.data).toEqual({
      members: [],
      branches: [],
    });
  });

  it.each([
    ['/reports/staff?to=2018-04-30', 400, 10008, 'from'],
    ['/reports/staff?from=2018-04-31&to=2018-05-01', 400, 10025, 'from'],
    [`/reports/staff?${PERIOD}&surveyId=abc`, 400, 10009, 'surveyId'],
    [`/reports/staff?${PERIOD}&surveyId=999`, 404, 10014, null],
    [`/reports/staff?${PERIOD}&branchId=999`, 404, 10012, null],
  ])('%s answers %s %s', async (url, status, code, field) => {
    const r = await get(url);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    if (field) expect(r.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});
