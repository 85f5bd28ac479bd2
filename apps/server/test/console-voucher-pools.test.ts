import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';

const OWNER = 1;
const SOHO_MANAGER = 2;

/** Issue 31 item 1: a voucher's code pool, imported from a file in the console (O15.30–O15.33). */
describe.each(databases())('voucher code pools on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  const add = (headers: ConsoleHeaders, text: string, survey = 1, voucher = 1) =>
    call(h.app, {
      method: 'POST',
      url: `${CONSOLE}/surveys/${survey}/vouchers/${voucher}/codes`,
      headers: { ...headers },
      payload: { text },
    });
  const pools = async (headers: ConsoleHeaders) =>
    (await call(h.app, { method: 'GET', url: `${CONSOLE}/surveys/1/vouchers`, headers: { ...headers } })).body
      .data.items as { voucherId: number; unused: number; used: number }[];

  beforeAll(async () => {
    h = await startHarness(target);
    owner = await sessionHeaders(h.database.db, OWNER);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O15.33 adds a file of codes as unused, skips and names codes that exist, and counts the pool', async () => {
    const before = (await pools(owner)).find((p) => p.voucherId === 1)?.unused ?? 0;
    const first = await add(owner, 'code\nPOOL-A1\nPOOL-A2\nPOOL-A2\n');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ added: 2, skipped: [] });
    const again = await add(owner, 'POOL-A2\nPOOL-A3', 1, 2);
    expect(again.body.data).toEqual({ added: 1, skipped: ['POOL-A2'] });
    const after = await pools(owner);
    expect(after.find((p) => p.voucherId === 1)?.unused).toBe(before + 2);
    const [moved] = await queryRows<{ voucher_id: number }>(
      h.database.db,
      sql`select voucher_id from voucher_codes where code = 'POOL-A2'`,
    );
    expect(moved?.voucher_id).toBe(1);
    const audit = await queryRows<{ detail: unknown }>(
      h.database.db,
      sql`select detail from audit_log where action = 'survey.voucherCodes' order by id`,
    );
    expect(audit.map((a) => a.detail)).toContainEqual({ voucherId: 1, added: 2, skipped: 0 });
  });

  it('O15.30 a malformed code refuses the whole file, naming its line; nothing is added', async () => {
    const refused = await add(owner, 'GOOD-1\nbad code\n');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(10025);
    expect(refused.body.error.detail.fields).toEqual([
      { field: 'text', in: 'body', message: 'voucherCodes.invalid', params: { line: 2, code: 'bad code' } },
    ]);
    expect(await queryRows(h.database.db, sql`select 1 from voucher_codes where code = 'GOOD-1'`)).toEqual(
      [],
    );
  });

  it('a voucher the published survey lacks is not found; a manager edits only when the company allows it (O1.10)', async () => {
    expect((await add(owner, 'X-1', 1, 99)).body.error.code).toBe(10014);
    const manager = await sessionHeaders(h.database.db, SOHO_MANAGER);
    // demo-bistro is served at Soho and Manchester: the Soho manager does not run all its branches.
    await queryRows(h.database.db, sql`update companies set managers_edit_surveys = true where id = 1`);
    expect((await add(manager, 'MGR-1', 1)).body.error.code).toBe(10034);
    // Served at Soho alone, the survey is all the Soho manager's.
    await queryRows(h.database.db, sql`delete from survey_branches where survey_id = 1 and branch_id = 2`);
    expect((await add(manager, 'MGR-1', 1)).status).toBe(200);
    await queryRows(h.database.db, sql`update companies set managers_edit_surveys = false where id = 1`);
    expect((await add(manager, 'MGR-2', 1)).body.error.code).toBe(10034);
  });
});
