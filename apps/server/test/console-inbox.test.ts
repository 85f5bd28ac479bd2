import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldResponses } from '../src/services/reports/fold';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { attachPhoto, staffOf, storeResponses, surveyIdOf } from './support/inbox';

// Days no demo or other test response uses: the inbox read here is this file's alone.
const YEAR = { from: '2018-01-01', to: '2018-12-31' };
const PAGING = { from: '2017-07-01', to: '2017-07-31' };

const text = (body: string) => ({ id: 102, answer: { text: body } });
const dish = (ref: string, rating: number) => ({
  id: 110,
  answer: { extra: { menuInsight: [{ ref, aspectRatingId: rating, reasons: [1] }] } },
});

describe.each(databases())('GET /console/responses (the inbox) on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  const ids: Record<'a' | 'b' | 'c' | 'd' | 'foreign', number> = { a: 0, b: 0, c: 0, d: 0, foreign: 0 };
  let staffId = 0;
  let cafe = 0;

  beforeAll(async () => {
    h = await startHarness(target);
    const db = h.database.db;
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    staffId = (await staffOf(db, 1)).id;
    cafe = await surveyIdOf(db, 'demo-cafe');
    await addOtherCompany(db);
    const other = await surveyIdOf(db, 'other-cafe');
    const stored = await storeResponses(db, [
      {
        branchId: 1,
        visit: '2018-05-01 10:00:00',
        indicators: [{ id: 1, score: 4.5 }],
        csat: 80,
        nps: 9,
        questions: [text('Lovely 100% evening'), dish('P-X', 3)],
        staffId,
      },
      {
        branchId: 1,
        visit: '2018-05-02 12:00:00',
        indicators: [{ id: 1, score: 2 }],
        csat: 20,
        nps: 3,
        complaint: true,
        questions: [text('Cold chips'), dish('P-Y', 1)],
        language: 'de',
        source: 'app',
      },
      {
        branchId: 2,
        visit: '2018-05-03 19:00:00',
        indicators: [{ id: 1, score: 5 }],
        csat: 100,
        nps: 7,
        language: 'es',
      },
      { branchId: 1, surveyId: cafe, visit: '2018-05-04 20:00:00', language: 'it', source: 'app' },
      {
        companyId: 2,
        branchId: 20,
        surveyId: other,
        visit: '2018-05-05 20:00:00',
        questions: [text('Lovely 100% evening')],
        nps: 9,
      },
    ]);
    [ids.a, ids.b, ids.c, ids.d, ids.foreign] = stored as [number, number, number, number, number];
    await attachPhoto(db, ids.c);
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = (who: ConsoleHeaders, query: Record<string, string>) =>
    call(h.app, {
      method: 'GET',
      url: `${CONSOLE}/responses?${new URLSearchParams(query)}`,
      headers: who,
    });
  const idsOf = async (who: ConsoleHeaders, query: Record<string, string>) => {
    const answer = await list(who, { ...YEAR, ...query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.items.map((item: { id: number }) => item.id);
  };

  it('lists the newest visit first, each row as the contract says', async () => {
    const answer = await list(owner, YEAR);
    expect(answer.status).toBe(200);
    expect(answer.body.data.nextCursor).toBeNull();
    expect(answer.body.data.items.map((i: { id: number }) => i.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    const [, c, b, a] = answer.body.data.items;
    expect(a).toEqual({
      id: ids.a,
      branch: { id: 1, name: 'Demo Bistro Soho' },
      survey: { id: 1, name: expect.any(String) },
      visitDatetime: '2018-05-01 10:00:00',
      source: 'web',
      language: 'en-gb',
      csat: 80,
      nps: 9,
      npsGroup: 'promoter',
      complaint: false,
      hasComment: true,
      hasPhoto: false,
      staff: { id: staffId, name: expect.any(String) },
      dishes: 1,
      excerpt: 'Lovely 100% evening',
    });
    expect(b).toMatchObject({ source: 'app', language: 'de', npsGroup: 'detractor', complaint: true });
    expect(c).toMatchObject({ hasPhoto: true, hasComment: false, excerpt: null, staff: null, dishes: 0 });
  });

  it.each([
    ['branchId', { branchId: '2' }, ['c']],
    ['surveyId', { surveyId: 'CAFE' }, ['d']],
    ['a score band', { indicatorId: '1', scoreMin: '4', scoreMax: '5' }, ['c', 'a']],
    ['a score band open above', { indicatorId: '1', scoreMin: '4.6' }, ['c']],
    ['a score band open below', { indicatorId: '1', scoreMax: '2' }, ['b']],
    ['an indicator answered', { indicatorId: '1' }, ['c', 'b', 'a']],
    ['NPS promoters', { nps: 'promoter' }, ['a']],
    ['NPS passives', { nps: 'passive' }, ['c']],
    ['NPS detractors', { nps: 'detractor' }, ['b']],
    ['a CSAT band', { csatMin: '80', csatMax: '100' }, ['c', 'a']],
    ['CSAT at most', { csatMax: '20' }, ['b']],
    ['complaints', { complaint: 'true' }, ['b']],
    ['comments', { comment: 'true' }, ['b', 'a']],
    ['photos', { photo: 'true' }, ['c']],
    ['staff', { staffId: 'STAFF' }, ['a']],
    ['a dish', { dish: 'P-X' }, ['a']],
    ['a dish rated by nobody', { dish: 'P-Z' }, []],
    ['language', { language: 'de' }, ['b']],
    ['source', { source: 'app' }, ['d', 'b']],
    ['a search, any case', { q: 'COLD CHIPS' }, ['b']],
    ['a search with % taken literally', { q: '100% e' }, ['a']],
    ['a search where % would match anything', { q: '1%e' }, []],
    ['a search where _ would match any one character', { q: 'ld_ch' }, []],
    ['a shorter period', { from: '2018-05-02', to: '2018-05-03' }, ['c', 'b']],
    [
      'three filters: branch, NPS group, complaint',
      { branchId: '1', nps: 'detractor', complaint: 'true' },
      ['b'],
    ],
    ['three filters: source, language, a CSAT band', { source: 'app', language: 'de', csatMax: '50' }, ['b']],
    ['three filters: comment, dish, staff', { comment: 'true', dish: 'P-X', staffId: 'STAFF' }, ['a']],
  ] as const)('filters on %s', async (_, query, expected) => {
    const values = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [
        k,
        v === 'CAFE' ? String(cafe) : v === 'STAFF' ? String(staffId) : v,
      ]),
    );
    expect(await idsOf(owner, values)).toEqual(expected.map((key) => ids[key]));
  });

  it('filters without a period too (folding first: a response stored a moment ago is found)', async () => {
    const [fresh] = await storeResponses(h.database.db, [
      { branchId: 1, visit: '2016-02-02 12:00:00', questions: [text('zebra crossing unique words')] },
    ]);
    const answer = await list(owner, { q: 'zebra crossing unique' });
    expect(answer.body.data.items.map((i: { id: number }) => i.id)).toEqual([fresh]);
  });

  it('a manager of branch 1 never sees a branch-2 response', async () => {
    expect(await idsOf(manager, {})).toEqual([ids.d, ids.b, ids.a]);
    expect(await idsOf(manager, { photo: 'true' })).toEqual([]);
    const everything = await list(manager, { limit: '100' });
    expect(everything.body.data.items.every((i: { branch: { id: number } }) => i.branch.id === 1)).toBe(true);
    expect(await list(manager, { ...YEAR, branchId: '2' })).toMatchObject({
      status: 404,
      body: { error: { code: 10012 } },
    });
  });

  it('never shows another company’s responses', async () => {
    expect(await idsOf(owner, { q: 'lovely 100%' })).toEqual([ids.a]);
    expect(
      await list(owner, { surveyId: String(await surveyIdOf(h.database.db, 'other-cafe')) }),
    ).toMatchObject({
      status: 404,
      body: { error: { code: 10014 } },
    });
  });

  it.each([
    [{ cursor: 'garbage!' }, 400, 10009, 'cursor'],
    [{ nps: 'fans' }, 400, 10009, 'nps'],
    [{ from: '2018-01-01' }, 400, 10008, 'to'],
    [{ from: '2018-02-30', to: '2018-03-01' }, 400, 10025, 'from'],
    [{ from: '2018-03-01', to: '2018-02-01' }, 400, 10025, 'from'],
    [{ branchId: 'abc' }, 400, 10009, 'branchId'],
    [{ branchId: '999' }, 404, 10012, null],
    [{ scoreMin: '3' }, 400, 10008, 'indicatorId'],
    [{ csatMin: '101' }, 400, 10009, 'csatMin'],
    [{ complaint: 'false' }, 400, 10009, 'complaint'],
    [{ language: 'fr' }, 400, 10009, 'language'],
    [{ source: 'tablet' }, 400, 10009, 'source'],
    [{ q: 'ab' }, 400, 10009, 'q'],
    [{ limit: '0' }, 400, 10009, 'limit'],
    [{ limit: '101' }, 400, 10009, 'limit'],
    [{ dish: 'x'.repeat(65) }, 400, 10009, 'dish'],
  ])('refuses %o: %s %s', async (query, status, code, field) => {
    const answer = await list(owner, query);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    if (field)
      expect(answer.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('asks for a session', async () => {
    expect(await call(h.app, { method: 'GET', url: `${CONSOLE}/responses` })).toMatchObject({
      status: 401,
      body: { error: { code: 10005 } },
    });
  });

  it('pages by cursor: every response once, none missed, stable while new ones arrive', async () => {
    const db = h.database.db;
    // 23 responses, several sharing a visit time (the id breaks the tie).
    const made = await storeResponses(
      db,
      Array.from({ length: 23 }, (_, i) => ({
        branchId: 1 + (i % 2),
        visit: `2017-07-${String(10 + Math.floor(i / 3)).padStart(2, '0')} 12:00:00`,
      })),
    );
    await foldResponses(db);
    const expected = [...made].sort((x, y) => {
      const vx = Math.floor(made.indexOf(x) / 3);
      const vy = Math.floor(made.indexOf(y) / 3);
      return vy - vx || y - x;
    });
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await list(owner, { ...PAGING, limit: '5', ...(cursor ? { cursor } : {}) });
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.items.map((i: { id: number }) => i.id));
      cursor = answer.body.data.nextCursor;
      pages++;
      // New arrivals between pages: one newer than every row, one on a day already read.
      if (pages === 2)
        await storeResponses(db, [
          { branchId: 1, visit: '2017-07-30 23:00:00' },
          { branchId: 1, visit: '2017-07-17 12:00:00' },
        ]);
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });
});
