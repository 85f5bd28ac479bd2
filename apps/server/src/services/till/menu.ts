import type { Menu, MenuReplaced } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

/** How many rows a statement touched; both drivers say `rowCount` (PGlite: `affectedRows`). */
const affected = (result: unknown): number => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/**
 * O12.5: replaces a company's whole menu in one transaction, set-based: each list goes to the database
 * as one JSON parameter read by jsonb_to_recordset, so 10,000 products are four statements, not 10,000.
 * Refs already known keep their row (and id: stored till lines and rated dishes name products by ref,
 * the menu copies by id); rows not in the body go. The menu_version triggers (migration 0007) bump the
 * version, so server menu copies and the tablets' next sync see the new menu.
 */
export async function replaceMenu(
  db: Db,
  companyId: number,
  menu: Menu,
  /** Runs in the same transaction after the replace (the console's audit entry: both or neither). */
  also?: (tx: Db, replaced: MenuReplaced) => Promise<void>,
): Promise<MenuReplaced> {
  const majors = JSON.stringify(menu.majorGroups);
  const families = JSON.stringify(menu.familyGroups);
  const products = JSON.stringify(
    menu.products.map((p) => ({
      ...p,
      majorGroupRef: p.majorGroupRef ?? null,
      familyGroupRef: p.familyGroupRef ?? null,
    })),
  );
  return db.transaction(async (tx) => {
    // Groups first: the products' upsert reads their ids by ref.
    await tx.execute(sql`insert into major_groups (company_id, ref, name)
      select ${companyId}, g.ref, g.name from jsonb_to_recordset(${majors}::jsonb) as g(ref text, name text)
      on conflict (company_id, ref) do update set name = excluded.name
        where major_groups.name is distinct from excluded.name`);
    await tx.execute(sql`insert into family_groups (company_id, ref, name, weight)
      select ${companyId}, g.ref, g.name, g.weight
        from jsonb_to_recordset(${families}::jsonb) as g(ref text, name text, weight int)
      on conflict (company_id, ref) do update set name = excluded.name, weight = excluded.weight
        where (family_groups.name, family_groups.weight) is distinct from (excluded.name, excluded.weight)`);
    // An unchanged product is not rewritten (no dead row, no index churn).
    await tx.execute(sql`insert into products (company_id, ref, name, type, major_group_id, family_group_id)
      select ${companyId}, p.ref, p.name, p.type, mg.id, fg.id
        from jsonb_to_recordset(${products}::jsonb)
          as p(ref text, name text, type smallint, "majorGroupRef" text, "familyGroupRef" text)
        left join major_groups mg on mg.company_id = ${companyId} and mg.ref = p."majorGroupRef"
        left join family_groups fg on fg.company_id = ${companyId} and fg.ref = p."familyGroupRef"
      on conflict (company_id, ref) do update set name = excluded.name, type = excluded.type,
        major_group_id = excluded.major_group_id, family_group_id = excluded.family_group_id
        where (products.name, products.type, products.major_group_id, products.family_group_id)
          is distinct from (excluded.name, excluded.type, excluded.major_group_id, excluded.family_group_id)`);
    // Anti-joins on the body's refs (hashed), not `<> all(array)` (a comparison per pair).
    const removed = affected(
      await tx.execute(sql`delete from products d where d.company_id = ${companyId} and not exists (
        select 1 from jsonb_to_recordset(${products}::jsonb) as p(ref text) where p.ref = d.ref)`),
    );
    await tx.execute(sql`delete from family_groups d where d.company_id = ${companyId} and not exists (
      select 1 from jsonb_to_recordset(${families}::jsonb) as g(ref text) where g.ref = d.ref)`);
    await tx.execute(sql`delete from major_groups d where d.company_id = ${companyId} and not exists (
      select 1 from jsonb_to_recordset(${majors}::jsonb) as g(ref text) where g.ref = d.ref)`);
    const replaced = {
      majorGroups: menu.majorGroups.length,
      familyGroups: menu.familyGroups.length,
      products: menu.products.length,
      removed,
    };
    await also?.(tx as unknown as Db, replaced);
    return replaced;
  });
}
