import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness } from './harness';
import { roomyLimiter } from './support/limiters';

type Member = { id: number; pin: string };
const ROUNDS = 4;

type Outcome = { status: number; code: number | undefined; message: unknown };

/**
 * Two manage calls started together (decision 0134). On PostgreSQL they run on two pool connections at
 * once; on PGlite their queries interleave, so both pass the team check before either writes unless the
 * check and the write are one serialised step.
 */
describe.each(databases())('manage.staff concurrent changes on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  let round = 0;
  beforeAll(async () => {
    h = await startHarness(target, { deps: () => ({ staffPinLimiter: roomyLimiter() }) });
    device = await insertDevice(h.database);
  });
  afterAll(() => h?.close());

  const manage = async (pin: string, path: string, payload?: object): Promise<Outcome> => {
    const r = await call(h.app, {
      method: 'POST',
      url: `/api/v1/manage${path}`,
      headers: { ...device, 'x-staff-pin': pin },
      ...(payload ? { payload } : {}),
    });
    return { status: r.status, code: r.body?.error?.code, message: r.body?.error?.detail?.fields?.[0] };
  };

  /** Two new members, P and Q, become the branch's only ones who can open settings. */
  const twoManagers = async () => {
    round += 1;
    const { db } = h.database;
    await db.update(staffMembers).set({ hasSettingsAccess: false }).where(eq(staffMembers.branchId, 1));
    const rows = await db
      .insert(staffMembers)
      .values(
        ['P', 'Q'].map((name, i) => ({
          branchId: 1,
          displayName: `${name} ${round}`,
          fullName: `${name} ${round}`,
          pinCode: String(70000 + round * 2 + i),
          hasSettingsAccess: true,
        })),
      )
      .returning({ id: staffMembers.id, pin: staffMembers.pinCode });
    return rows.map((r) => ({ id: r.id, pin: r.pin ?? '' })) as [Member, Member];
  };

  const settingsMembers = async () =>
    (await h.database.db.select().from(staffMembers).where(eq(staffMembers.branchId, 1))).filter(
      (m) => m.status === 1 && m.hasSettingsAccess && m.pinCode,
    );

  const ruleError = {
    status: 400,
    code: 10025,
    message: expect.objectContaining({ message: 'team.noSettingsMember' }),
  };
  // The loser whose own access the winner took away may be refused before the rule is read: 10032.
  const lostAccess = {
    status: 400,
    code: 10032,
    message: expect.objectContaining({ message: 'staff.invalidPin' }),
  };

  /** Exactly one of two answers is a 200, the other a refusal; one member who can open settings is left. */
  const expectOneWins = async (outcomes: Outcome[], refusals: object[] = [ruleError, lostAccess]) => {
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(1);
    const loser = outcomes.find((o) => o.status !== 200);
    expect(
      refusals.some((refusal) => expect.objectContaining(refusal).asymmetricMatch(loser)),
      JSON.stringify(loser),
    ).toBe(true);
    expect(await settingsMembers()).toHaveLength(1);
  };

  it.each([
    ['settings access', { hasSettingsAccess: false }],
    ['PIN', { pinCode: null }],
  ])(
    'D5.17 two managers each giving up their own %s at once: exactly one wins, the other gets the rule’s error',
    async (_n, change) => {
      for (let i = 0; i < ROUNDS; i += 1) {
        const [p, q] = await twoManagers();
        await expectOneWins(
          await Promise.all([
            manage(p.pin, `/staff/update/${p.id}`, change),
            manage(q.pin, `/staff/update/${q.id}`, change),
          ]),
          [ruleError],
        );
      }
    },
  );

  it('D5.17 two managers each removing the other’s settings access: exactly one wins', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [p, q] = await twoManagers();
      await expectOneWins(
        await Promise.all([
          manage(p.pin, `/staff/update/${q.id}`, { hasSettingsAccess: false }),
          manage(q.pin, `/staff/update/${p.id}`, { hasSettingsAccess: false }),
        ]),
      );
    }
  });

  it('D5.17 two managers each deactivating the other (status toggle): exactly one wins', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [p, q] = await twoManagers();
      await expectOneWins(
        await Promise.all([
          manage(p.pin, `/staff/update/${q.id}`, { id: q.id, status: 0 }),
          manage(q.pin, `/staff/update/${p.id}`, { id: p.id, status: 0 }),
        ]),
      );
    }
  });

  it('D5.17 two managers each deleting the other: exactly one wins', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [p, q] = await twoManagers();
      await expectOneWins(
        await Promise.all([manage(p.pin, `/staff/delete/${q.id}`), manage(q.pin, `/staff/delete/${p.id}`)]),
      );
    }
  });

  it.each([
    ['D5.12 the same PIN', 'pinCode', (n: number) => [`6${n}1`, `6${n}1`]],
    ['D5.11 the same display name in another case', 'displayName', (n: number) => [`Kim ${n}`, ` KIM ${n}`]],
    [
      'D5.11 the same full name in another case',
      'fullName',
      (n: number) => [`Kim Lowe ${n}`, `kim lowe ${n} `],
    ],
  ] as const)(
    '%s in two adds at once: exactly one is saved, the other is 10025 form.unique',
    async (_n, field, values) => {
      const [p] = await twoManagers();
      for (let i = 0; i < ROUNDS; i += 1) {
        const n = round++;
        const body = (k: number) => ({
          displayName: `Add ${n} ${k}`,
          fullName: `Add ${n} ${k} Full`,
          pinCode: null,
          [field]: values(n)[k],
        });
        const outcomes = await Promise.all([
          manage(p.pin, '/staff/add', body(0)),
          manage(p.pin, '/staff/add', body(1)),
        ]);
        expect(outcomes.filter((o) => o.status === 200)).toHaveLength(1);
        expect(outcomes.find((o) => o.status !== 200)).toMatchObject({
          status: 400,
          code: 10025,
          message: expect.objectContaining({ field, message: 'form.unique' }),
        });
      }
    },
  );
});
