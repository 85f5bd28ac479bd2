import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, usageProblem } from '../src/cli/commands';
import { auditLog, companyConfig } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { CONSOLE, SITE_ORIGIN, sessionCookieOf } from './support/console';
import { TEST_PASSCODE_KEY } from './support/passcode-key';

const LINK = /^ {2}https:\/\/feedback\.example\.com\/console\/link\/([A-Za-z0-9_-]{43})$/m;

describe.each(databases())('admin commands for companies and operators on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });
  const admin = (...argv: string[]) =>
    runAdmin(
      {
        db: h.database.db,
        passcodeKey: TEST_PASSCODE_KEY,
        now: NOW,
        linkOrigin: 'https://feedback.example.com',
      },
      argv,
    );

  it('a new company and its first owner, whose printed link sets a password and signs in', async () => {
    const company = await admin('company:create', 'acme', 'Acme Dining');
    expect(company.code).toBe(0);
    expect(company.output).toContain('Company "acme" (Acme Dining) is created.');
    const created = await admin(
      'operator:create',
      'acme',
      'Boss@Acme.test',
      '--role',
      'owner',
      '--name',
      'Bo Boss',
    );
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Operator boss@acme.test (owner) of acme is added.');
    const token = LINK.exec(created.output)?.[1] ?? '';
    expect(token).not.toBe('');

    const info = await call(h.app, { method: 'GET', url: `${CONSOLE}/links/${token}` });
    expect(info.body.data).toEqual({
      purpose: 'invite',
      email: 'boss@acme.test',
      name: 'Bo Boss',
      companyName: 'Acme Dining',
    });
    const used = await call(h.app, {
      method: 'POST',
      url: `${CONSOLE}/links/${token}`,
      headers: { origin: SITE_ORIGIN },
      payload: { password: 'acme-boss-password' },
    });
    expect(used.status).toBe(200);
    const me = await call(h.app, {
      method: 'GET',
      url: `${CONSOLE}/me`,
      headers: { cookie: sessionCookieOf(used.headers) ?? '' },
    });
    expect(me.body.data).toMatchObject({ company: { key: 'acme', name: 'Acme Dining' }, branches: [] });
    expect(
      await h.database.db
        .select()
        .from(companyConfig)
        .where(eq(companyConfig.companyId, me.body.data.company.id)),
    ).toHaveLength(1);

    const manager = await admin(
      'operator:create',
      'demo',
      'ops@demo.test',
      '--role',
      'manager',
      '--branches',
      '1,2',
    );
    expect(manager.code, manager.output).toBe(0);
    const entries = await h.database.db.select().from(auditLog).where(eq(auditLog.actor, 'cli'));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'company.create',
      'operator.invite',
      'operator.invite',
    ]);
    expect(entries.every((e) => e.actorOperatorId === null)).toBe(true);
  });

  it.each([
    [['company:create', 'demo', 'Again'], /already has the key "demo"/],
    [['company:create', 'Bad Key', 'Name'], /must be 2–50 lower-case letters/],
    [['operator:create', 'nosuch', 'a@b.test', '--role', 'owner'], /No company has the key "nosuch"/],
    [
      ['operator:create', 'demo', 'owner@demo.test', '--role', 'owner'],
      /owner@demo.test is already an operator/,
    ],
    [
      ['operator:create', 'demo', 'new@demo.test', '--role', 'manager'],
      /A manager or viewer needs --branches/,
    ],
    [
      ['operator:create', 'demo', 'new@demo.test', '--role', 'owner', '--branches', '1'],
      /leave --branches out/,
    ],
    [
      ['operator:create', 'demo', 'new@demo.test', '--role', 'viewer', '--branches', '1,20'],
      /branch the company does not have/,
    ],
    [
      ['operator:create', 'demo', 'new@demo.test', '--role', 'boss'],
      /--role must be one of owner, manager, viewer/,
    ],
    [
      ['operator:create', 'demo', 'not-an-email', '--role', 'owner'],
      /"not-an-email" is not an e-mail address/,
    ],
  ])('%j is refused (exit 1): %s', async (argv, message) => {
    const outcome = await admin(...argv);
    expect(outcome.code).toBe(1);
    expect(outcome.output).toMatch(message);
  });

  it.each([
    [['operator:create', 'demo', 'a@b.test'], /needs --role/],
    [['operator:create', 'demo', 'a@b.test', '--role'], /--role needs a value/],
    [['operator:create', 'demo', '--role', 'owner'], /takes <companyKey> <email>/],
    [['operator:create', 'demo', 'a@b.test', '--role', 'owner', '--colour', 'red'], /has no option --colour/],
    [['company:create', 'acme'], /takes <companyKey> <name>/],
    [['device:list', 'demo', '--role', 'owner'], /has no option --role/],
  ])('%j is a usage problem (exit 2)', (argv, message) => {
    const problem = usageProblem(argv);
    expect(problem?.code).toBe(2);
    expect(problem?.output).toMatch(message);
    expect(problem?.output).toContain('operator:create <companyKey> <email> --role owner|manager|viewer');
  });
});
