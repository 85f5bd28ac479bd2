import type { TillChecksFilter } from '@venue-voice/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, queryRows } from '../src/db/connection';
import { inIndexOrder } from '../src/db/index-order';
import { openTableCheckQuery } from '../src/queries/transactions';
import { recentChecksQuery } from '../src/services/till/recent-checks';
import { databases } from './databases';

// Decision 0265: a branch's till checks, newest first a keyset page at a time (GET /console/transactions),
// and a table's newest open check (the guest's table lookup) read the first entries of their index in
// order and stop at the limit, whatever the table holds; each listed check probes its PIN and response by
// index. Before migration 0016 both sorted every check of the branch (or open check of the table), and the
// list hashed the whole pins table for every page. Plans are read with and without statistics: PGlite
// never gathers any (decision 0157).

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan that reads `relation`, with the chain of nodes above it. */
function scansOf(relation: string, node: PlanNode, above: PlanNode[] = []) {
  const here = node['Relation Name'] === relation ? [{ node, above }] : [];
  const below: { node: PlanNode; above: PlanNode[] }[] = (node.Plans ?? []).flatMap((child) =>
    scansOf(relation, child, [...above, node]),
  );
  return [...here, ...below];
}

const BRANCHES = 3;
const CHECKS_PER_BRANCH = 5_000;
const base: TillChecksFilter = { branchId: 1, from: null, to: null, q: null, cursor: null, limit: 20 };

describe.each(databases())("a branch's checks and a table's open check on $name", (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create());
    // Checks 52 minutes apart over the last years at three branches, tables 1–40 (125 checks each), two
    // in three left open (a till that never closes them), every one with its receipt PIN.
    await database.db.execute(
      sql`insert into transactions (branch_id, pin_code, table_id, check_id, covers, check_open_time, open)
          select b, lpad((b * 100000 + g)::text, 6, '0'), ((g % 40) + 1)::text, 'PLAN-' || b || '-' || g, 2,
                 timestamptz '2021-01-01' + g * interval '52 minutes', g % 3 <> 0
          from generate_series(1, ${BRANCHES}) b, generate_series(1, ${CHECKS_PER_BRANCH}) g`,
    );
    await database.db.execute(
      sql`insert into pins (branch_id, pin_type, pin_code, transaction_id)
          select branch_id, 'pin', pin_code, id from transactions where check_id like 'PLAN-%'`,
    );
  }, 60_000);
  afterAll(async () => {
    await drop?.();
  });

  const plan = async (query: SQLWrapper | SQL, db: Db = database.db) => {
    const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      db,
      sql`explain (format json) ${query}`,
    );
    const explained = row?.['QUERY PLAN'][0];
    if (!explained) throw new Error('explain gave no plan');
    return explained.Plan;
  };

  /** The one read of transactions walks `index` in order: an index scan with no sort above it. */
  const expectOrderedWalk = (root: PlanNode, index: string) => {
    const scans = scansOf('transactions', root);
    expect(scans).toHaveLength(1);
    const [{ node, above }] = scans as [{ node: PlanNode; above: PlanNode[] }];
    expect(node['Node Type']).toBe('Index Scan');
    expect(node['Index Name']).toBe(index);
    expect(above.map((n) => n['Node Type'])).not.toContain('Sort');
    return node;
  };

  // Each page, and what its walk starts or stops at (the index condition beyond the branch): a cursor's
  // position, a period's bounds in the branch's zone. A bound left as a filter walks every newer check.
  const pages: [string, TillChecksFilter, RegExp | null][] = [
    ['the first page', base, null],
    [
      'a page after a cursor',
      { ...base, cursor: { openedKey: '2021-06-01T00:00:00.000000Z', id: 2000 } },
      /ROW\(check_open_time, id\) < ROW\(/,
    ],
    [
      "a period's page (the branch's local days)",
      { ...base, from: '2021-03-01', to: '2021-03-31' },
      /check_open_time >= .*check_open_time < /,
    ],
    ['a search', { ...base, q: '12' }, null],
  ];

  const expectations = () => {
    it.each(pages)(
      "GET /console/transactions: %s walks transactions_branch_opened_idx in order and probes each check's PIN by index",
      async (_, filter, bounds) => {
        // As listRecentChecks runs it: inIndexOrder (without it, a cursor or a search is bitmap-read and
        // sorted while no statistics exist).
        const root = await inIndexOrder(database.db, (tx) => plan(recentChecksQuery(tx, 1, filter), tx));
        const walk = expectOrderedWalk(root, 'transactions_branch_opened_idx');
        if (bounds) expect(walk['Index Cond']).toMatch(bounds);
        // Per listed check, by index: never a read of every pin (or a hash of them) for a page.
        const pinReads = scansOf('pins', root);
        expect(pinReads.length).toBeGreaterThan(0);
        for (const { node } of pinReads) expect(node['Index Name']).toBe('pins_branch_type_code_idx');
      },
    );

    it("the guest's table lookup reads the table's newest open check first from transactions_branch_table_open_idx", async () => {
      expectOrderedWalk(
        await plan(openTableCheckQuery(database.db, 1, '12', undefined)),
        'transactions_branch_table_open_idx',
      );
    });
  };

  describe('before any statistics exist', expectations);

  describe('once the tables are analysed', () => {
    beforeAll(async () => {
      for (const table of ['transactions', 'pins', 'branches', 'responses'])
        await database.db.execute(sql.raw(`analyze ${table}`));
    });
    expectations();
  });
});
