/** A small menu in the export's shape (D3): two major groups, a misc group for an orphan family. */
import type { DownloadedProducts, Product } from '@venue-voice/domain';

const product = (
  id: number,
  name: string,
  type: 1 | 2 | 3,
  major: { id: number; ref: string; name: string } | null,
  family: { id: number; ref: string; name: string } | null,
): Product => ({
  id,
  ref: `P${id}`,
  name,
  type,
  majorGroupId: major?.id ?? null,
  familyGroupId: family?.id ?? null,
  major_group_ref: major?.ref ?? (family ? `misc${family.ref}` : null),
  major_group_name: major?.name ?? family?.name ?? null,
  family_group_ref: family?.ref ?? null,
});

const mains = { id: 1, ref: 'MAIN', name: 'Mains' };
const drinks = { id: 2, ref: 'DRK', name: 'Drinks' };
const grill = { id: 10, ref: 'GRL', name: 'Grill', weight: 5 };
const bar = { id: 11, ref: 'BAR', name: 'Bar', weight: 9 };
const specials = { id: 12, ref: 'SPC', name: 'Specials', weight: 1 };

export const testMenu: DownloadedProducts = {
  allProducts: [
    product(1, 'steak frites', 1, mains, grill),
    product(2, 'Burger', 1, mains, grill),
    product(3, 'Lager', 2, drinks, bar),
    product(4, 'Chef special stew', 1, null, specials),
    product(5, 'apple tart', 1, mains, null),
    product(6, 'Steak sandwich', 1, mains, grill),
  ],
  majorGroups: [
    { ...mains, isMisc: false },
    { ...drinks, isMisc: false },
    { id: 12, ref: 'miscSPC', name: 'Specials', isMisc: true },
  ],
  familyGroups: [grill, bar, specials],
};
