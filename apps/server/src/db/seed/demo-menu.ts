import { EposProductType } from '@venue-voice/domain';

/** Demo menu (api.md: ≥ 60 products, ≥ 4 major and ≥ 6 family groups, some with no major group). */
export const DEMO_MAJOR_GROUPS = [
  { id: 1, ref: '100', name: 'Starters' },
  { id: 2, ref: '200', name: 'Mains' },
  { id: 3, ref: '300', name: 'Desserts' },
  { id: 4, ref: '400', name: 'Drinks' },
];

export const DEMO_FAMILY_GROUPS = [
  { id: 1, ref: '11', name: 'Soups', weight: 40 },
  { id: 2, ref: '12', name: 'Salads', weight: 35 },
  { id: 3, ref: '21', name: 'Grill', weight: 60 },
  { id: 4, ref: '22', name: 'Pasta', weight: 55 },
  { id: 5, ref: '31', name: 'Cakes', weight: 20 },
  { id: 6, ref: '41', name: 'Soft drinks', weight: 30 },
  { id: 7, ref: '42', name: 'Beer and cider', weight: 25 },
  { id: 8, ref: '43', name: 'Wine', weight: 25 },
  // Sides and specials have no major group: their products fall under the D3 misc groups.
  { id: 9, ref: '51', name: 'Sides', weight: 10 },
  { id: 10, ref: '61', name: 'Chef specials', weight: 50 },
];

const { FOOD, DRINK, OTHER } = EposProductType;

/** [family group id, major group id or null, type, names]; refs are numbered from 1001 in this order. */
const LINES: [number | null, number | null, EposProductType, string[]][] = [
  [1, 1, FOOD, ['Tomato soup', 'French onion soup', 'Leek and potato soup', 'Soup of the day']],
  [2, 1, FOOD, ['Caesar salad', 'Greek salad', 'Burrata and heritage tomato', 'Beetroot and goat cheese']],
  [null, 1, FOOD, ['Garlic bread', 'Calamari', 'Chicken wings', 'Prawn cocktail']],
  [3, 2, FOOD, ['Beef burger', 'Ribeye steak', 'Sirloin steak', 'Half roast chicken', 'Lamb chops']],
  [3, 2, FOOD, ['Pork belly', 'Grilled salmon', 'Halloumi burger']],
  [
    4,
    2,
    FOOD,
    ['Spaghetti carbonara', 'Penne arrabbiata', 'Lasagne', 'Mushroom risotto', 'Lobster linguine'],
  ],
  [5, 3, FOOD, ['Chocolate fudge cake', 'Lemon tart', 'Carrot cake', 'Cheesecake', 'Sticky toffee pudding']],
  [null, 3, FOOD, ['Ice cream', 'Sorbet', 'Cheese board']],
  [6, 4, DRINK, ['Cola', 'Diet cola', 'Lemonade', 'Orange juice', 'Apple juice', 'Sparkling water']],
  [7, 4, DRINK, ['Lager pint', 'Pale ale pint', 'Stout pint', 'Cider pint', 'Alcohol-free beer']],
  [8, 4, DRINK, ['House red glass', 'House white glass', 'Rosé glass', 'Prosecco glass', 'Malbec bottle']],
  [9, null, FOOD, ['Chips', 'Sweet potato fries', 'Onion rings', 'Side salad', 'Mac and cheese']],
  [10, null, FOOD, ['Fish of the day', 'Pie of the week', 'Sunday roast', 'Seasonal tart']],
  [6, null, DRINK, ['Homemade iced tea', 'Ginger beer']],
  [null, null, OTHER, ['Service charge', 'Gift voucher']],
];

export interface DemoProduct {
  id: number;
  ref: string;
  name: string;
  type: EposProductType;
  majorGroupId: number | null;
  familyGroupId: number | null;
}

export const DEMO_PRODUCTS: DemoProduct[] = LINES.flatMap(([familyGroupId, majorGroupId, type, names]) =>
  names.map((name) => ({ name, type, familyGroupId, majorGroupId })),
).map((p, i) => ({ id: i + 1, ref: String(1001 + i), ...p }));

/** The product of a demo name (for transactions); throws on a typo so the seed cannot drift. */
export function demoProduct(name: string): DemoProduct {
  const product = DEMO_PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}
