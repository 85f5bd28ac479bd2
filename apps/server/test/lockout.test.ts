import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealKnownPasscode, setBranchPasscode } from '../src/services/devices/admin';
import { databases } from './databases';
import { freshDevice, register, TEST_PASSCODE_KEY } from './device-fixtures';
import { call, type Harness, NOW, startHarness } from './harness';
import { DAY, movableClock } from './retention-fixtures';
import { addForeignCompany, deviceAt, MANAGER_PIN } from './security/tenants';

type Answer = Awaited<ReturnType<typeof call>>;

/** Someone other than the one who typed wrong, and the answer their right credentials got. */
interface Other {
  who: string;
  answer: () => Promise<Answer>;
}

/** Runs every other caller once; answers those refused with 429, the figure "lockouts caused for other devices". */
async function lockedOut(others: Other[]): Promise<string[]> {
  const refused: string[] = [];
  for (const other of others) {
    const answer = await other.answer();
    if (answer.status === 429) refused.push(other.who);
    else expect(answer.status, `${other.who}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  return refused;
}

// Issue 27 item 4, decision 0195: one person's wrong tries lock their own device, never anyone else's
// (the real limiters over the rate_limits table, as buildApp makes them).
describe.each(databases())('one person cannot lock a branch out, on $name', (target) => {
  let h: Harness;
  const clock = movableClock(NOW);
  let day = 0;
  beforeAll(async () => {
    h = await startHarness(target, {
      clock,
      prepare: async (database) => {
        await sealKnownPasscode(database.db, TEST_PASSCODE_KEY, 'demo1');
        await addForeignCompany(database);
        await setBranchPasscode(database.db, TEST_PASSCODE_KEY, {
          companyKey: 'other',
          branchId: '20',
          passcode: 'other',
        });
      },
      deps: () => ({ passcodeKey: TEST_PASSCODE_KEY }),
    });
  });
  afterAll(() => h?.close());
  // Rate-limit windows no earlier test touched.
  beforeEach(() => clock.set(new Date(NOW.getTime() + ++day * DAY)));

  it('device.register: 5 wrong passcodes on one tablet lock that tablet only; 0 lockouts of other devices', async () => {
    const venue = freshDevice().address;
    const a = freshDevice().deviceId;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await register(h.app, { deviceId: a, address: venue, passcode: `bad${i}x` });
      expect(wrong.body.error.code).toBe(10018);
    }
    // The tablet that typed wrong is locked, even with the right passcode now.
    const own = await register(h.app, { deviceId: a, address: venue });
    expect([own.status, own.body.error.code]).toEqual([429, 10021]);

    const right = (who: string, input: Parameters<typeof register>[1]) => ({
      who,
      answer: () => register(h.app, input),
    });
    const others: Other[] = [
      right('another tablet of the branch, another address', freshDevice()),
      right('another tablet of the branch behind the same router', {
        deviceId: freshDevice().deviceId,
        address: venue,
      }),
      right('the same device id at branch 2', { deviceId: a, address: venue, branch: '2' }),
      right('another tablet at branch 2, same address', {
        deviceId: freshDevice().deviceId,
        address: venue,
        branch: '2',
      }),
      right('a tablet of another company, same address', {
        deviceId: freshDevice().deviceId,
        address: venue,
        companyKey: 'other',
        branch: '20',
        passcode: 'other',
      }),
    ];
    expect(await lockedOut(others)).toEqual([]);
  });

  it('device.register: 10 failures from one address (two tablets, 5 each) lock that address at the branch only', async () => {
    const venue = freshDevice().address;
    for (const person of [freshDevice().deviceId, freshDevice().deviceId]) {
      for (let i = 0; i < 5; i += 1) {
        const wrong = await register(h.app, { deviceId: person, address: venue, passcode: 'wrong' });
        expect(wrong.body.error.code).toBe(10018);
      }
    }
    // 10 failures from the address at branch 1: its own limit, the next try from there waits...
    const third = await register(h.app, { deviceId: freshDevice().deviceId, address: venue });
    expect([third.status, third.body.error.code]).toEqual([429, 10021]);
    // ...and nobody elsewhere does: the branch's ceiling is higher, other branches count on their own.
    expect((await register(h.app, freshDevice())).status).toBe(200);
    expect(
      (await register(h.app, { deviceId: freshDevice().deviceId, address: venue, branch: '2' })).status,
    ).toBe(200);
  });

  it('manage calls: 5 wrong staff PINs on one tablet lock that tablet only; 0 lockouts of other devices', async () => {
    const listing = (device: Record<string, string>, pin: string) =>
      call(h.app, {
        method: 'GET',
        url: '/api/v1/manage/staff/listing',
        headers: { ...device, 'x-staff-pin': pin },
      });
    const tablet = await deviceAt(h.database, 1);
    for (let i = 0; i < 5; i += 1) expect((await listing(tablet, '9990')).body.error.code).toBe(10032);
    const own = await listing(tablet, MANAGER_PIN[1] ?? '');
    expect([own.status, own.body.error.code]).toEqual([429, 10021]);

    const others: Other[] = [
      { who: 'another tablet of branch 1', branchId: 1 },
      { who: 'a second other tablet of branch 1', branchId: 1 },
      { who: 'a tablet of branch 2', branchId: 2 },
      { who: 'a tablet of another company', branchId: 20 },
    ].map(({ who, branchId }) => ({
      who,
      answer: async () => listing(await deviceAt(h.database, branchId), MANAGER_PIN[branchId] ?? ''),
    }));
    expect(await lockedOut(others)).toEqual([]);
  });
});
