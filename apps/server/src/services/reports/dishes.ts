import {
  type AspectRating,
  type DishCounts,
  type DishGrouping,
  type DishReport,
  type DishRow,
  dishFigures,
  type ReasonCount,
  topReasons,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { reasonLabeller } from './reason-labels';
import { type ReportScope, rollupWhere } from './scope';

interface DishSums extends DishCounts {
  ref: string;
}

interface MenuEntry {
  ref: string;
  name: string;
  family_ref: string | null;
  family_name: string | null;
  major_ref: string | null;
  major_name: string | null;
}

interface ReasonSums {
  ref: string;
  survey_id: number;
  rating: AspectRating;
  reason_id: number;
  count: number;
}

/** Each rated dish's bad, neutral and good counts over the scope (report_day_dishes). */
export const dishSums = (db: Db, scope: ReportScope) =>
  queryRows<DishSums>(
    db,
    sql`select t.ref, sum(t.bad)::int as bad, sum(t.neutral)::int as neutral, sum(t.good)::int as good
      from report_day_dishes t where ${rollupWhere(scope)} group by t.ref`,
  );

/** The menu's entries of these refs, with their family and major groups (a ref off the menu: none). */
export function menuEntries(db: Db, companyId: number, refs: readonly string[]) {
  if (refs.length === 0) return Promise.resolve([]);
  return queryRows<MenuEntry>(
    db,
    sql`select p.ref, p.name, f.ref as family_ref, f.name as family_name, m.ref as major_ref, m.name as major_name
      from products p
      left join family_groups f on f.id = p.family_group_id
      left join major_groups m on m.id = p.major_group_id
      where p.company_id = ${companyId} and p.ref in ${refs}`,
  );
}

interface Row {
  ref: string | null;
  name: string | null;
  family: DishRow['family'];
  major: DishRow['major'];
  counts: DishCounts;
  reasons: ReasonCount[];
}

const group = (ref: string | null, name: string | null) =>
  ref === null || name === null ? null : { ref, name };

/** Where a product's ratings count under the grouping: its own row, its family's or its major group's. */
function rowOf(
  grouping: DishGrouping,
  ref: string,
  menu: MenuEntry | undefined,
): Omit<Row, 'counts' | 'reasons'> {
  if (grouping === 'family')
    return { ref: menu?.family_ref ?? null, name: menu?.family_name ?? null, family: null, major: null };
  if (grouping === 'major')
    return { ref: menu?.major_ref ?? null, name: menu?.major_name ?? null, family: null, major: null };
  return {
    ref,
    name: menu?.name ?? null,
    family: group(menu?.family_ref ?? null, menu?.family_name ?? null),
    major: group(menu?.major_ref ?? null, menu?.major_name ?? null),
  };
}

/**
 * The dish report (issue 29 item 4): per product, family or major group, its ratings, shares (O5.9)
 * and the reasons most given (O7.2) with their labels (O7.3), most rated first. Reads the daily rollups
 * only; the menu names the refs, and a ref no longer on the menu is still listed by its ref.
 */
export async function dishReport(db: Db, scope: ReportScope, grouping: DishGrouping): Promise<DishReport> {
  const sums = await dishSums(db, scope);
  const reasons = await queryRows<ReasonSums>(
    db,
    sql`select t.ref, t.survey_id, t.rating, t.reason_id, sum(t.count)::int as count
      from report_day_dish_reasons t where ${rollupWhere(scope)} group by 1, 2, 3, 4`,
  );
  const menu = new Map(
    (await menuEntries(db, scope.companyId, [...new Set(sums.map((s) => s.ref))])).map((m) => [m.ref, m]),
  );
  const label = await reasonLabeller(db, scope.companyId, [...new Set(reasons.map((r) => r.survey_id))]);

  const rows = new Map<string, Row>();
  const rowFor = (ref: string) => {
    const place = rowOf(grouping, ref, menu.get(ref));
    const key = place.ref ?? '';
    let row = rows.get(key);
    if (!row) {
      row = { ...place, counts: { bad: 0, neutral: 0, good: 0 }, reasons: [] };
      rows.set(key, row);
    }
    return row;
  };
  for (const sum of sums) {
    const row = rowFor(sum.ref);
    row.counts.bad += sum.bad;
    row.counts.neutral += sum.neutral;
    row.counts.good += sum.good;
  }
  for (const reason of reasons) {
    rowFor(reason.ref).reasons.push({
      rating: reason.rating,
      id: reason.reason_id,
      label: label(reason.survey_id, reason.rating, reason.reason_id),
      count: reason.count,
    });
  }
  const items = [...rows.values()].map(
    (row): DishRow => ({
      ref: row.ref,
      name: row.name,
      family: row.family,
      major: row.major,
      ...dishFigures(row.counts),
      reasons: topReasons(row.reasons),
    }),
  );
  // Most rated first; then by name (a ref off the menu after the named), then ref, so the order is stable.
  items.sort(
    (a, b) =>
      b.ratings - a.ratings ||
      (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') ||
      (a.ref ?? '').localeCompare(b.ref ?? ''),
  );
  return { group: grouping, items };
}
