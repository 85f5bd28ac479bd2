/**
 * The query plan of the products query a menu search makes: the route's own query function runs on a
 * logging drizzle instance over the same client, and its SQL is then EXPLAIN ANALYZEd.
 */
import { MENU_DEFAULT_LIMIT, parseMenuOrder, parseTextFields } from '@venue-voice/domain';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from '../../apps/server/src/db/connection';
import * as schema from '../../apps/server/src/db/schema';
import { queryProducts } from '../../apps/server/src/queries/menu';

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface QueryPlan {
  sql: string;
  plan: string;
  usesTrigramIndex: boolean;
}

const TRIGRAM_INDEX = 'products_name_trgm_idx';

export async function explainMenuSearch(
  database: Database,
  companyId: number,
  text: string,
): Promise<QueryPlan> {
  const client = (database.db as unknown as { $client: Client }).$client;
  const captured: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
  const logged = (database.driver === 'postgres'
    ? drizzleNodePg({ client: client as never, schema, logger })
    : drizzlePglite({ client: client as never, schema, logger })) as unknown as Db;
  const order = parseMenuOrder('products', undefined);
  const fields = parseTextFields('products', undefined);
  if (!order.ok || !fields.ok) throw new Error('default menu order or text fields did not parse');
  await queryProducts(logged, companyId, { text, textFields: fields.value }, order.value, {
    limit: MENU_DEFAULT_LIMIT,
    offset: 0,
  });
  const main = captured.findLast((c) => /from "products"/.test(c.query));
  if (!main) throw new Error(`no products query captured: ${captured.map((c) => c.query).join('\n')}`);
  const result = await client.query(`explain (analyze, buffers, costs off) ${main.query}`, main.params);
  const plan = result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  return { sql: main.query, plan, usesTrigramIndex: plan.includes(TRIGRAM_INDEX) };
}
