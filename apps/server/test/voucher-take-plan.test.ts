import { randomUUID } from 'node:crypto';
import type { Voucher } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/connection';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { insertResponsesQuery, type NewResponse } from '../src/services/responses/insert-responses';
import { databases } from './databases';

// Decision 0157: a grouped create takes its codes by reading the first entries of the pool's partial
// index of unused codes. With a second index on the pool, the planner (PGlite never gathers statistics)
// read and sorted every unused code of the pool for each statement: 31 of a statement's 36 ms at 34,000
// unused codes. The plan must stay an ordered walk of voucher_codes_unused_idx, with or without statistics.

const [incentive, instantWin] = (DEMO_SURVEYS[0]?.definition.vouchers ?? []) as Voucher[];
const create = (): NewResponse => ({
  row: {
    companyId: 1,
    surveyId: 1,
    guid: randomUUID(),
    payloadHash: 'h',
    payload: {},
    visitDatetime: '2026-11-22 11:00:00',
    authType: 'web',
  },
  draw: { first: instantWin as Voucher, fallback: incentive as Voucher },
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan that reads voucher_codes, with the chain of nodes above it. */
function voucherScans(node: PlanNode, above: PlanNode[] = []): { node: PlanNode; above: PlanNode[] }[] {
  const here = node['Relation Name'] === 'voucher_codes' ? [{ node, above }] : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => voucherScans(child, [...above, node]))];
}

describe.each(databases())('the code take of a grouped create on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create());
    // Pools as large as the ones the old index's plan was measured on (at 20,000 codes a pool the planner
    // still chose well without statistics; at 60,000 it did not).
    await database.db.execute(
      sql`insert into voucher_codes (survey_id, voucher_id, code)
          select 1, v, 'PLAN' || v || '-' || g from generate_series(1, 60000) g, (values (1), (2)) vs(v)`,
    );
  }, 60_000);
  afterAll(async () => {
    await drop?.();
  });

  const plan = async () => {
    const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      database.db,
      sql`explain (format json) ${insertResponsesQuery([create(), create(), create()], new Date())}`,
    );
    const explained = row?.['QUERY PLAN'][0];
    if (!explained) throw new Error('explain gave no plan');
    return voucherScans(explained.Plan);
  };

  const expectOrderedWalk = (scans: { node: PlanNode; above: PlanNode[] }[]) => {
    // The two takes (first pools, fallback pools) lock what they read: those are the LockRows scans.
    const takes = scans.filter(({ above }) => above.some((n) => n['Node Type'] === 'LockRows'));
    expect(takes).toHaveLength(2);
    for (const { node, above } of takes) {
      expect(node['Index Name']).toBe('voucher_codes_unused_idx');
      // No sort between the limit and the walk: the index already gives the codes in id order.
      const fromLimit = above.slice(above.findLastIndex((n) => n['Node Type'] === 'Limit'));
      expect(fromLimit.map((n) => n['Node Type'])).not.toContain('Sort');
    }
  };

  it('walks voucher_codes_unused_idx in order before any statistics exist', async () => {
    expectOrderedWalk(await plan());
  });

  it('walks voucher_codes_unused_idx in order once the tables are analysed', async () => {
    await database.db.execute(sql`analyze voucher_codes`);
    await database.db.execute(sql`analyze responses`);
    expectOrderedWalk(await plan());
  });
});
