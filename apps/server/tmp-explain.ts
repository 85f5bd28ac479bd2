import { DEFAULT_MENU_ORDER } from '@venue-voice/domain';
import pg from 'pg';
import { createDatabase } from './src/db/connection';
import { buildProductsQuery } from './src/queries/menu';

const url = 'postgres://postgres@127.0.0.1:5432/vv_bench';
const database = await createDatabase({ databaseUrl: url });
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const [text, fields] of [
  ['major 3', ['major_group_name', 'name']],
  [undefined, ['name']],
] as const) {
  const { query: q } = await buildProductsQuery(
    database.db,
    1,
    { text, textFields: fields },
    DEFAULT_MENU_ORDER.products,
    { limit: 100, offset: 0 },
  );
  const { sql, params } = q.toSQL();
  const r = await client.query(`explain (analyze, costs off) ${sql}`, params);
  console.log(text, fields, '\n', r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await client.end();
await database.close();
