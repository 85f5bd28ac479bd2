import { familyGroupSchema, majorGroupSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { familyGroups, majorGroups, products } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { addOtherCompany } from './submit-fixtures';

// Decision 0072: the group edges take the EPOS product type (1 food, 2 drink, 3 other) and answer only
// the groups holding a product of that type, so a menu-insight question lists its own type's categories.

const names = (items: { name: string }[]) => items.map((item) => item.name);
const majors = z.array(majorGroupSchema);
const families = z.array(familyGroupSchema);

describe.each(databases())('survey.menu.query group edges by product type on $name', (target) => {
  let h: Harness;
  const groups = async (edge: 'major_groups' | 'family_groups', params = '') => {
    const r = await call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/menu/query?edge=${edge}&limit=2500${params}`,
      headers: web(),
    });
    expect(r.status).toBe(200);
    return r.body.data[edge];
  };

  beforeAll(async () => {
    h = await startHarness(target);
    const { db } = h.database;
    // A category with no dish at all, and another company's drinks-only groups with its own products.
    await db.insert(majorGroups).values({ companyId: 1, ref: '900', name: 'Empty category' });
    await db.insert(familyGroups).values({ companyId: 1, ref: '91', name: 'Empty family', weight: 5 });
    await addOtherCompany(db);
    const [otherMajor] = await db
      .insert(majorGroups)
      .values({ companyId: 2, ref: '100', name: 'Other starters' })
      .returning({ id: majorGroups.id });
    const [otherFamily] = await db
      .insert(familyGroups)
      .values({ companyId: 2, ref: '11', name: 'Other soups', weight: 1 })
      .returning({ id: familyGroups.id });
    await db.insert(products).values({
      companyId: 2,
      ref: '1001',
      name: 'Other gift card',
      type: 3,
      majorGroupId: otherMajor?.id ?? null,
      familyGroupId: otherFamily?.id ?? null,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('major groups of food: the food categories and the misc groups of food-only families', async () => {
    const list = majors.parse(await groups('major_groups', '&type=1'));
    expect(names(list)).toEqual(['Chef specials', 'Desserts', 'Mains', 'Sides', 'Starters']);
    expect(list.filter((group) => group.isMisc).map((group) => group.ref)).toEqual(['misc61', 'misc51']);
  });

  it('major groups of drinks: Drinks and the misc group of soft drinks without a category', async () => {
    const list = majors.parse(await groups('major_groups', '&type=2'));
    expect(names(list)).toEqual(['Drinks', 'Soft drinks']);
  });

  it('no group holds an "other" product of this company: none, whatever another company has', async () => {
    expect(await groups('major_groups', '&type=3')).toEqual([]);
    expect(await groups('family_groups', '&type=3')).toEqual([]);
  });

  it('family groups by type, in the D7 order (weight, then name)', async () => {
    expect(names(families.parse(await groups('family_groups', '&type=2')))).toEqual([
      'Soft drinks',
      'Beer and cider',
      'Wine',
    ]);
    expect(names(families.parse(await groups('family_groups', '&type=1')))).toEqual([
      'Grill',
      'Pasta',
      'Chef specials',
      'Soups',
      'Salads',
      'Cakes',
      'Sides',
    ]);
  });

  it('without a type every group is listed, empty ones too (unchanged)', async () => {
    expect(names(await groups('major_groups'))).toContain('Empty category');
    expect(names(await groups('family_groups'))).toContain('Empty family');
    for (const type of ['1', '2', '3']) {
      expect(names(await groups('major_groups', `&type=${type}`))).not.toContain('Empty category');
      expect(names(await groups('family_groups', `&type=${type}`))).not.toContain('Empty family');
    }
  });

  it('a type with a text search narrows both ways', async () => {
    expect(names(await groups('family_groups', '&type=1&text=sou'))).toEqual(['Soups']);
    expect(await groups('family_groups', '&type=2&text=sou')).toEqual([]);
  });

  it.each(['type=4', 'type=drink'])('%s on a group edge is 400 10009', async (param) => {
    const r = await call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/menu/query?edge=major_groups&${param}`,
      headers: web(),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });
});
