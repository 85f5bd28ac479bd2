import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { dish, insertRated } from './support/rated-responses';

// May 2018: days no other data uses. 7 May is a Monday; 15 May falls in the next week.
const PERIOD = 'from=2018-05-01&to=2018-05-31';
const BURGER = '1013'; // Beef burger: family 21 Grill, major 200 Mains
const SOUP = '1001'; // Tomato soup: family 11 Soups, major 100 Starters
const SALAD = '1005'; // Caesar salad: family 12 Salads, major 100 Starters
const GONE = 'GONE-9'; // no longer on the menu

/**
 * The dish report and a dish's trend (issue 29 item 4): rollups folded from stored responses, shares
 * (O5.9), reasons labelled by their rating (O7.2, O7.3), groups by the menu, role scoping, bad inputs.
 */
describe.each(databases())('the dish report on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    // demo-bistro's reasons: good 1 Tasty, 2 Well presented; bad and neutral 1 Cold, 2 Bland, 3 Small
    // portion, 4 Took too long. The same id means another reason under another rating.
    await insertRated(h.database.db, [
      { branchId: 1, visit: '2018-05-07 12:00:00', dishes: [dish(BURGER, 3, [1]), dish(SOUP, 1, [1, 2])] },
      { branchId: 1, visit: '2018-05-07 13:00:00', dishes: [dish(BURGER, 1, [1]), dish(GONE, 3, [99])] },
      { branchId: 1, visit: '2018-05-08 19:00:00', dishes: [dish(BURGER, 3, [1, 2])] },
      { branchId: 1, visit: '2018-05-15 19:00:00', dishes: [dish(BURGER, 2, [4])] },
      { branchId: 2, visit: '2018-05-07 20:00:00', dishes: [dish(BURGER, 1, [3]), dish(SALAD, 3)] },
      { branchId: 1, visit: '2018-06-01 12:00:00', dishes: [dish(BURGER, 1)] }, // after the period
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers = owner) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers });
  const row = (items: { ref: string | null; [field: string]: unknown }[], ref: string | null) =>
    items.find((i) => i.ref === ref);

  it('rates each product: counts, shares summing to 100, reasons labelled by their rating, most rated first', async () => {
    const r = await get(`/reports/dishes?${PERIOD}`);
    expect(r.status).toBe(200);
    const { items } = r.body.data;
    expect(r.body.data.group).toBe('product');
    expect(items.map((i: { ref: string }) => i.ref)).toEqual([BURGER, SALAD, SOUP, GONE]);
    expect(items[0]).toEqual({
      ref: BURGER,
      name: 'Beef burger',
      family: { ref: '21', name: 'Grill' },
      major: { ref: '200', name: 'Mains' },
      ratings: 5,
      bad: 2,
      neutral: 1,
      good: 2,
      shares: { bad: 40, neutral: 20, good: 40 },
      lowSample: false,
      reasons: [
        { rating: 3, id: 1, label: 'Tasty', count: 2 },
        { rating: 1, id: 1, label: 'Cold', count: 1 },
        { rating: 1, id: 3, label: 'Small portion', count: 1 },
      ],
    });
    expect(row(items, SOUP)).toMatchObject({
      ratings: 1,
      bad: 1,
      shares: { bad: 100, neutral: 0, good: 0 },
      lowSample: true,
      reasons: [
        { rating: 1, id: 1, label: 'Cold', count: 1 },
        { rating: 1, id: 2, label: 'Bland', count: 1 },
      ],
    });
    // A ref off the menu is listed by its ref; a reason no survey names keeps its id, unlabelled.
    expect(row(items, GONE)).toMatchObject({
      name: null,
      family: null,
      major: null,
      good: 1,
      reasons: [{ rating: 3, id: 99, label: null, count: 1 }],
    });
  });

  it('groups by family and by major group, products of none (or off the menu) under ref null', async () => {
    const family = (await get(`/reports/dishes?${PERIOD}&group=family`)).body.data;
    expect(family.group).toBe('family');
    expect(
      family.items.map((i: object) => [(i as { ref: string }).ref, (i as { ratings: number }).ratings]),
    ).toEqual([
      ['21', 5],
      ['12', 1], // equal ratings: by name, a row with none last
      ['11', 1],
      [null, 1],
    ]);
    expect(row(family.items, '11')).toMatchObject({ name: 'Soups', family: null, major: null });
    const major = (await get(`/reports/dishes?${PERIOD}&group=major`)).body.data;
    expect(
      major.items.map((i: { ref: string; ratings: number; bad: number }) => [i.ref, i.ratings, i.bad]),
    ).toEqual([
      ['200', 5, 2],
      ['100', 2, 1],
      [null, 1, 0],
    ]);
    expect(row(major.items, '100')?.reasons).toEqual([
      { rating: 1, id: 1, label: 'Cold', count: 1 },
      { rating: 1, id: 2, label: 'Bland', count: 1 },
    ]);
  });

  it('shows a manager of branch 1 branch 1’s dishes only, and refuses them branch 2', async () => {
    const mine = (await get(`/reports/dishes?${PERIOD}`, manager)).body.data.items;
    expect(mine.map((i: { ref: string }) => i.ref)).toEqual([BURGER, SOUP, GONE]);
    expect(row(mine, BURGER)).toMatchObject({ ratings: 4, bad: 1, neutral: 1, good: 2 });
    expect((await get(`/reports/dishes?${PERIOD}&branchId=1`, manager)).body.data.items).toEqual(mine);
    const other = await get(`/reports/dishes?${PERIOD}&branchId=2`, manager);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe(10012);
    const trend = await get(`/reports/dishes/${SALAD}/trend?${PERIOD}&branchId=2`, manager);
    expect(trend.body.error.code).toBe(10012);
    // The owner asking for branch 2 gets branch 2 alone.
    const two = (await get(`/reports/dishes?${PERIOD}&branchId=2`)).body.data.items;
    expect(two.map((i: { ref: string; ratings: number }) => [i.ref, i.ratings])).toEqual([
      [BURGER, 1],
      [SALAD, 1],
    ]);
  });

  it('follows one dish week by week, every week present, and day by day', async () => {
    const r = await get(`/reports/dishes/${BURGER}/trend?from=2018-05-07&to=2018-05-27&bucket=week`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ ref: BURGER, name: 'Beef burger', bucket: 'week' });
    expect(r.body.data.points).toEqual([
      {
        start: '2018-05-07',
        ratings: 4,
        bad: 2,
        neutral: 0,
        good: 2,
        shares: { bad: 50, neutral: 0, good: 50 },
        lowSample: true,
      },
      {
        start: '2018-05-14',
        ratings: 1,
        bad: 0,
        neutral: 1,
        good: 0,
        shares: { bad: 0, neutral: 100, good: 0 },
        lowSample: true,
      },
      {
        start: '2018-05-21',
        ratings: 0,
        bad: 0,
        neutral: 0,
        good: 0,
        shares: { bad: null, neutral: null, good: null },
        lowSample: true,
      },
    ]);
    const days = (
      await get(`/reports/dishes/${BURGER}/trend?from=2018-05-06&to=2018-05-08&bucket=day`, manager)
    ).body.data.points;
    expect(days.map((p: { start: string; ratings: number }) => [p.start, p.ratings])).toEqual([
      ['2018-05-06', 0],
      ['2018-05-07', 2],
      ['2018-05-08', 1],
    ]);
    const month = (await get(`/reports/dishes/${GONE}/trend?${PERIOD}&bucket=month`)).body.data;
    expect(month).toMatchObject({ name: null, points: [{ start: '2018-05-01', good: 1 }] });
  });

  it('answers a dish never rated nor on the menu as not found, and one on the menu with zeros', async () => {
    const missing = await get(`/reports/dishes/NO-SUCH/trend?${PERIOD}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(10014);
    const quiet = await get(`/reports/dishes/1002/trend?${PERIOD}&bucket=month`);
    expect(quiet.status).toBe(200);
    expect(quiet.body.data.points).toEqual([expect.objectContaining({ ratings: 0 })]);
  });

  it.each([
    ['/reports/dishes?from=2018-05-01', 400, 10008, 'to'],
    [`/reports/dishes?${PERIOD}&group=dish`, 400, 10009, 'group'],
    ['/reports/dishes?from=2018-05-31&to=2018-05-01', 400, 10025, 'from'],
    ['/reports/dishes?from=2018-05-01&to=2018-02-30', 400, 10025, 'to'],
    ['/reports/dishes?from=2016-01-01&to=2018-05-01', 400, 10025, 'from'],
    [`/reports/dishes?${PERIOD}&branchId=1.5`, 400, 10009, 'branchId'],
    [`/reports/dishes?${PERIOD}&branchId=999`, 404, 10012, null],
    [`/reports/dishes?${PERIOD}&surveyId=999`, 404, 10014, null],
    [`/reports/dishes/${BURGER}/trend?${PERIOD}&bucket=year`, 400, 10009, 'bucket'],
    [`/reports/dishes/a%01b/trend?${PERIOD}`, 400, 10009, 'ref'],
  ])('%s answers %s %s', async (url, status, code, field) => {
    const r = await get(url);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    if (field) expect(r.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('refuses a caller who is not signed in', async () => {
    const r = await call(h.app, { method: 'GET', url: `${CONSOLE}/reports/dishes?${PERIOD}` });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(10005);
  });
});
