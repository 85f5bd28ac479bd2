import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs, SimulateError, simulateTill } from '../src/cli/till-simulate';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { keyHeaders } from './support/till';

/**
 * `npm run till:simulate` (issue 30 item 6, decision 0243): against a listening server, its checks are
 * stored and each printed receipt PIN and table is one the guest's lookup finds.
 */
describe.each(databases())('till:simulate on $name', (target) => {
  let h: Harness;
  let url: string;
  let key: string;

  beforeAll(async () => {
    h = await startHarness(target);
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await keyHeaders(h.database.db, 1, ['transactions:write'])).authorization.slice('Bearer '.length);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends checks for both demo branches and prints PINs the guest finds', async () => {
    const lines: string[] = [];
    const sent = await simulateTill({
      ...parseSimulateArgs(['--url', url, '--key', key, '--checks', '2'], {}),
      log: (line) => lines.push(line),
    });
    expect(sent.map((c) => c.branchId)).toEqual([1, 1, 2, 2]);
    expect(lines).toHaveLength(4);
    for (const [index, check] of sent.entries()) {
      expect(lines[index]).toContain(`receipt PIN ${check.pin}, table ${check.tableId}`);
      expect(lines[index]).toContain(`${url}/demo-bistro?branchId=${check.branchId}`);
      const found = await call(h.app, {
        method: 'GET',
        url: `/api/v1/survey/transaction?branchId=${check.branchId}&pin=${check.pin}`,
        headers: web(),
      });
      expect(found.body.data.pin.validData, JSON.stringify(found.body)).toBe(true);
      expect(found.body.data.transaction.check).toMatchObject({
        covers: check.covers,
        tableNumber: check.tableId,
      });
      expect(found.body.data.transaction.menuItems).toHaveLength(check.covers * 2);
    }
    const table = sent[1];
    const byTable = await call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?branchId=1&tableId=${table?.tableId}&checkId=${table?.checkId}`,
      headers: web('demo-table'),
    });
    expect(byTable.body.data.pin.validData).toBe(true);
  });

  it('a key the server does not know is a clear failure', async () => {
    const run = simulateTill(parseSimulateArgs(['--url', url, '--key', 'vvk_nope'], {}));
    await expect(run).rejects.toThrow(/refused check SIM-.* at branch 1: 401 10005/);
  });

  it('without a key, a wrong owner password says what to pass', async () => {
    const run = simulateTill(parseSimulateArgs(['--url', url, '--password', 'wrong-password-1'], {}));
    await expect(run).rejects.toThrow(/Signing in as owner@demo.test failed \(401/);
  });
});

describe('till:simulate options', () => {
  it('defaults: the port npm start uses, the demo owner, 2 checks at branches 1 and 2', () => {
    expect(parseSimulateArgs([], { PORT: '9090', VV_INTEGRATION_KEY: 'vvk_x' })).toEqual({
      help: false,
      url: 'http://localhost:9090',
      key: 'vvk_x',
      email: 'owner@demo.test',
      password: 'demo-owner-1234',
      checksPerBranch: 2,
      branchIds: [1, 2],
    });
    expect(parseSimulateArgs([], {}).url).toBe('http://localhost:8080');
  });

  it.each([
    [['--checks', '0'], /--checks/],
    [['--checks', 'many'], /--checks/],
    [['--branches', '1,x'], /--branches/],
    [['--url', 'not a url'], /--url/],
    [['--colour', 'red'], /Unknown option/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseSimulateArgs(argv, {})).toThrow(SimulateError);
    expect(() => parseSimulateArgs(argv, {})).toThrow(message);
  });
});
