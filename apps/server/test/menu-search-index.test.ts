import { DEFAULT_MENU_ORDER } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { seedSyntheticMenu } from '../src/db/seed-menu';
import { buildProductsQuery } from '../src/queries/menu';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';

const postgres = databases().find((d) => d.name === 'postgres');

// Index use depends on table size and statistics, so this runs only on PostgreSQL at 100k products.
describe.skipIf(!postgres)('menu text search at 100k products (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    if (!postgres) return;
    h = await startHarness(postgres);
    await seedSyntheticMenu(h.database.db, { count: 100_000, batchSize: 5000 });
    // The planner chooses by statistics; without them the choice depends on when autovacuum ran.
    await h.database.db.execute(sql`analyze products`);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  const plan = async (text: string, textFields: string[]) => {
    const { query } = await buildProductsQuery(
      h.database.db,
      1,
      { text, textFields },
      DEFAULT_MENU_ORDER.products,
      {
        limit: 100,
        offset: 0,
      },
    );
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      h.database.db,
      sql`explain (costs off) ${query.getSQL()}`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  // Selective terms: for a term most products match ("burger" is in 10 % of these names) a sequential
  // scan is the right plan, so only terms that match few products are asserted.
  it.each([
    ['duck taco', ['name']],
    ['salmon bowl', ['major_group_name', 'name']],
    ['no such dish', ['name']],
  ])('%j over %j uses the trigram index on lower(name)', async (text, fields) => {
    expect(await plan(text, fields)).toContain('products_name_trgm_idx');
  });

  // Speed is measured by bench/menu-search.bench.ts, never asserted here.
  it('answers a search over 100k products with only matching products', async () => {
    const url = '/api/v1/survey/menu/query?edge=products&text=duck%20taco';
    const r = await call(h.app, { method: 'GET', url, headers: web() });
    expect(r.status).toBe(200);
    expect(r.body.data.products.length).toBeGreaterThan(0);
    expect(
      r.body.data.products.every((p: { name: string }) => p.name.toLowerCase().includes('duck taco')),
    ).toBe(true);
  });
});
