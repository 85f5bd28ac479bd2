import {
  DEFAULT_MENU_ORDER,
  familyGroupSchema,
  majorGroupSchema,
  productSchema,
  sortMenuItems,
} from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PRODUCTS } from '../src/db/seed/demo-menu';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

const products = z.array(productSchema);
const names = (items: { name: string }[]) => items.map((i) => i.name);

describe.each(databases())('survey.menu.query on $name', (target) => {
  let h: Harness;
  const query = async (params: string, headers: Record<string, string> = web()) =>
    call(h.app, { method: 'GET', url: `/api/v1/survey/menu/query?${params}`, headers });

  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('D7 products: by major_group_ref then name, read under the edge name', async () => {
    const r = await query('edge=products');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(['products']);
    const list = products.parse(r.body.data.products);
    expect(list).toHaveLength(DEMO_PRODUCTS.length);
    // The database order is the domain's order.
    expect(list).toEqual(sortMenuItems(list, DEFAULT_MENU_ORDER.products));
    expect(names(list).slice(0, 3)).toEqual([
      'Beetroot and goat cheese',
      'Burrata and heritage tomato',
      'Caesar salad',
    ]);
    expect([...new Set(list.map((p) => p.major_group_ref))]).toEqual([
      '100',
      '200',
      '300',
      '400',
      'misc41',
      'misc51',
      'misc61',
      null,
    ]);
  });

  it('D3 misc group: a product with a family group and no major group', async () => {
    const r = await query('edge=products&text=chips');
    expect(r.body.data.products).toEqual([
      {
        id: expect.any(Number),
        ref: expect.any(String),
        name: 'Chips',
        type: 1,
        majorGroupId: null,
        familyGroupId: 9,
        major_group_ref: 'misc51',
        major_group_name: 'Sides',
        family_group_ref: '51',
      },
    ]);
  });

  it('D7 major groups: real and misc groups by name', async () => {
    const r = await query('edge=major_groups');
    const list = z.array(majorGroupSchema).parse(r.body.data.major_groups);
    expect(list.map((g) => [g.name, g.ref, g.isMisc])).toEqual([
      ['Chef specials', 'misc61', true],
      ['Desserts', '300', false],
      ['Drinks', '400', false],
      ['Mains', '200', false],
      ['Sides', 'misc51', true],
      ['Soft drinks', 'misc41', true],
      ['Starters', '100', false],
    ]);
  });

  it('D7 family groups: weight descending, then name', async () => {
    const r = await query('edge=family_groups');
    const list = z.array(familyGroupSchema).parse(r.body.data.family_groups);
    expect(list.map((g) => `${g.weight} ${g.name}`)).toEqual([
      '60 Grill',
      '55 Pasta',
      '50 Chef specials',
      '40 Soups',
      '35 Salads',
      '30 Soft drinks',
      '25 Beer and cider',
      '25 Wine',
      '20 Cakes',
      '10 Sides',
    ]);
  });

  it('order: "-" descends, several fields apply in turn', async () => {
    const r = await query('edge=major_groups&order=-name');
    expect(names(r.body.data.major_groups)[0]).toBe('Starters');
    const f = await query('edge=family_groups&order=weight,-name');
    expect(names(f.body.data.family_groups).slice(0, 2)).toEqual(['Sides', 'Cakes']);
  });

  it.each(['edge=major_groups&order=weight', 'edge=products&order=price', 'edge=products&textFields=ref'])(
    '%s names an unknown field: 400 10009',
    async (params) => {
      const r = await query(params);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10009);
    },
  );

  describe('text search (G5: 3+ characters, case-insensitive contains)', () => {
    it('over names', async () => {
      const r = await query('edge=products&text=BURG');
      expect(names(r.body.data.products)).toEqual(['Beef burger', 'Halloumi burger']);
    });

    it('over the major group name by default (desserts)', async () => {
      const r = await query('edge=products&text=dessert');
      expect(r.body.data.products).toHaveLength(8);
      expect(
        r.body.data.products.every((p: { major_group_ref: string }) => p.major_group_ref === '300'),
      ).toBe(true);
    });

    it('over a misc group name (its family group name)', async () => {
      const r = await query('edge=products&text=sides');
      expect(names(r.body.data.products)).toEqual([
        'Chips',
        'Mac and cheese',
        'Onion rings',
        'Side salad',
        'Sweet potato fries',
      ]);
    });

    it('only over the fields asked for', async () => {
      const r = await query('edge=products&text=dessert&textFields=name');
      expect(r.body.data.products).toEqual([]);
    });

    it('LIKE wildcards in the text match themselves', async () => {
      for (const text of ['%%%', '___', 'a%b', '\\\\\\']) {
        const r = await query(`edge=products&text=${encodeURIComponent(text)}`);
        expect(r.status).toBe(200);
        expect(r.body.data.products).toEqual([]);
      }
    });

    it('groups are searched too', async () => {
      const f = await query('edge=family_groups&text=drink');
      expect(names(f.body.data.family_groups)).toEqual(['Soft drinks']);
      const m = await query('edge=major_groups&text=drink');
      expect(names(m.body.data.major_groups)).toEqual(['Drinks', 'Soft drinks']);
    });

    it.each(['ab', '  ab ', 'x', '   '])('text %j is too short: 400 10009', async (text) => {
      const r = await query(`edge=products&text=${encodeURIComponent(text)}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10009);
      expect(r.body.error.detail.min).toBe(3);
    });
  });

  describe('filters', () => {
    it('type', async () => {
      const r = await query('edge=products&type=2&limit=500');
      expect(r.body.data.products.length).toBe(DEMO_PRODUCTS.filter((p) => p.type === 2).length);
    });

    it('familyGroupRef', async () => {
      const r = await query('edge=products&familyGroupRef=22');
      expect(r.body.data.products).toHaveLength(5);
    });

    it('majorGroupRef, a real one and a misc one', async () => {
      expect((await query('edge=products&majorGroupRef=200')).body.data.products).toHaveLength(13);
      const misc = await query('edge=products&majorGroupRef=misc61');
      expect(names(misc.body.data.products)).toEqual([
        'Fish of the day',
        'Pie of the week',
        'Seasonal tart',
        'Sunday roast',
      ]);
      expect((await query('edge=products&majorGroupRef=nope')).body.data.products).toEqual([]);
    });

    it('transactionProductRefs', async () => {
      const r = await query('edge=products&transactionProductRefs=1001,1005,,9999');
      expect(r.body.data.products.map((p: { ref: string }) => p.ref).sort()).toEqual(['1001', '1005']);
    });

    it.each(['type=4', 'type=food', 'limit=0', 'limit=2501', 'limit=ten', 'offset=-1'])(
      '%s is 400 10009',
      async (p) => {
        const r = await query(`edge=products&${p}`);
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe(10009);
      },
    );

    it('product filters on a group edge are 400 10023 (a type is a group filter too: 0072)', async () => {
      const r = await query('edge=family_groups&majorGroupRef=100');
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10023);
    });
  });

  describe('paging', () => {
    it('limit and offset cut the ordered list', async () => {
      const all = (await query('edge=products&limit=2500')).body.data.products;
      const page = (await query('edge=products&limit=2&offset=2')).body.data.products;
      expect(page).toEqual(all.slice(2, 4));
      const past = (await query('edge=products&offset=5000')).body.data.products;
      expect(past).toEqual([]);
    });

    it('default limit is 100', async () => {
      const r = await query('edge=products');
      expect(r.body.data.products.length).toBeLessThanOrEqual(100);
    });

    it('D5: auto pagination on products is a logic error, 400 10023', async () => {
      const r = await query('edge=products&autoPaginate=true');
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10023);
    });

    it('auto pagination on a group edge answers every group regardless of limit', async () => {
      const r = await query('edge=major_groups&autoPaginate=true&limit=2');
      expect(r.body.data.major_groups).toHaveLength(7);
    });
  });

  it('a missing edge is 10008, an unknown one 10010', async () => {
    const missing = await query('limit=5');
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(10008);
    const unknown = await query('edge=dishes');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe(10010);
  });

  it('app mode reads the device company menu', async () => {
    const headers = await insertDevice(h.database);
    const r = await query('edge=family_groups', headers);
    expect(r.body.data.family_groups).toHaveLength(10);
  });
});

describe.each(databases())('survey.menu.export on $name', (target) => {
  let h: Harness;
  const exportPage = async (params: string) =>
    call(h.app, { method: 'GET', url: `/api/v1/survey/menu/export?${params}`, headers: web() });

  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('D7: pages until a page is shorter than the limit, every product once, by id', async () => {
    const seen: number[] = [];
    let pages = 0;
    for (let offset = 0; ; offset += 25) {
      const r = await exportPage(`edge=products&limit=25&offset=${offset}`);
      expect(r.status).toBe(200);
      const page = products.parse(r.body.data.products);
      pages += 1;
      seen.push(...page.map((p) => p.id));
      if (page.length < 25) break;
    }
    expect(pages).toBe(Math.floor(DEMO_PRODUCTS.length / 25) + 1);
    expect(seen).toEqual(DEMO_PRODUCTS.map((p) => p.id));
  });

  it('the default limit 2500 gives the whole demo menu in one page', async () => {
    const r = await exportPage('edge=products');
    expect(r.body.data.products).toHaveLength(DEMO_PRODUCTS.length);
  });

  it('groups export too, misc groups included', async () => {
    expect((await exportPage('edge=family_groups')).body.data.family_groups).toHaveLength(10);
    const majors = (await exportPage('edge=major_groups&limit=5')).body.data.major_groups;
    expect(majors).toHaveLength(5);
    const rest = (await exportPage('edge=major_groups&limit=5&offset=5')).body.data.major_groups;
    expect(rest.map((g: { isMisc: boolean }) => g.isMisc)).toEqual([true, true]);
  });

  it.each([
    ['edge=products&limit=0', 10009],
    ['edge=products&limit=2501', 10009],
    ['edge=products&offset=x', 10009],
    ['edge=nope', 10010],
    ['limit=10', 10008],
  ])('%s is 400 %i', async (params, code) => {
    const r = await exportPage(params);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });
});
