import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/db/schema';
import { loggableUrl } from '../../src/lib/logger';
import { databases } from '../databases';
import { call, type Harness, startHarness } from '../harness';
import { CONSOLE, DEMO_SIGN_INS, SITE_ORIGIN, sessionCookieOf } from '../support/console';

/** Whether `secret` appears in `text` on its own, not inside a longer run of letters, digits, - and _. */
const containsToken = (text: string, secret: string) =>
  new RegExp(`(?<![A-Za-z0-9_-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`).test(
    text,
  );

const LINK = /\/console\/link\/([A-Za-z0-9_-]{43})/;

describe.each(databases())('console passwords, cookies and link tokens never in logs, on $name', (target) => {
  const lines: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    // The most the server ever logs: if nothing leaks at trace, nothing leaks at info.
    h = await startHarness(target, {
      deps: () => ({
        config: { logLevel: 'trace' },
        logStream: { write: (line: string) => void lines.push(line) },
      }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    headers: object,
    payload?: object,
  ) =>
    call(h.app, {
      method,
      url: `${CONSOLE}${path}`,
      headers: { origin: SITE_ORIGIN, ...headers },
      ...(payload ? { payload } : {}),
    });
  const cookieOf = (answer: Awaited<ReturnType<typeof call>>) => sessionCookieOf(answer.headers) ?? '';
  async function linkTo(email: string, nth: number) {
    for (let i = 0; i < 100; i++) {
      const mails = (await h.outbox.mails()).filter((m) => m.to.includes(email));
      const token = LINK.exec(mails[nth]?.text ?? '')?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no link ${nth} to ${email}`);
  }

  it('a journey of sign-ins, invitation, reset and password change logs none of its secrets', async () => {
    const { owner, manager } = DEMO_SIGN_INS;
    const secrets: Record<string, string> = {
      'wrong password': 'Wrong-Secret-Pass-1',
      'owner password': owner.password,
      'invited password': 'Leaky-New-Password-9',
      'changed password': 'Owner-Changed-Pass-7',
      'reset password': 'Soho-Reset-Pass-5',
    };
    expect(
      (await api('POST', '/session', {}, { email: owner.email, password: secrets['wrong password'] })).status,
    ).toBe(401);
    const signedIn = await api('POST', '/session', {}, { email: owner.email, password: owner.password });
    const cookie = cookieOf(signedIn);
    secrets['owner session'] = cookie.split('=')[1] ?? '';

    expect(
      (
        await api(
          'POST',
          '/operators',
          { cookie },
          { email: 'leaky@demo.test', name: 'Leaky', role: 'viewer', branchIds: [1] },
        )
      ).status,
    ).toBe(201);
    secrets['invitation token'] = await linkTo('leaky@demo.test', 0);
    expect((await api('GET', `/links/${secrets['invitation token']}`, {})).status).toBe(200);
    const accepted = await api(
      'POST',
      `/links/${secrets['invitation token']}`,
      {},
      { password: secrets['invited password'] },
    );
    expect(accepted.status).toBe(200);
    secrets['invited session'] = cookieOf(accepted).split('=')[1] ?? '';

    const changed = await api(
      'PATCH',
      '/me',
      { cookie },
      { password: secrets['changed password'], currentPassword: owner.password },
    );
    expect(changed.status).toBe(200);

    expect((await api('POST', '/password-reset', {}, { email: manager.email })).status).toBe(200);
    secrets['reset token'] = await linkTo(manager.email, 0);
    const reset = await api(
      'POST',
      `/links/${secrets['reset token']}`,
      {},
      { password: secrets['reset password'] },
    );
    expect(reset.status).toBe(200);
    secrets['reset session'] = cookieOf(reset).split('=')[1] ?? '';
    expect((await api('DELETE', '/session', { cookie })).status).toBe(200);

    // The stored hashes are secrets too (an offline guess starts from them).
    for (const row of await h.database.db
      .select({ email: operators.email, hash: operators.passwordHash })
      .from(operators)) {
      if (row.hash) secrets[`hash of ${row.email}`] = row.hash.split('$').at(-1) ?? row.hash;
    }

    // Every call was logged (its request line at least), the link calls with their token cut.
    expect(lines.filter((l) => l.includes('incoming request')).length).toBeGreaterThanOrEqual(9);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/console/links/[redacted]');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(10);
      expect(containsToken(log, secret), `${name} is in the log`).toBe(false);
    }
  });

  it('link tokens are cut from logged URLs, in the API and in the console’s own address', () => {
    const token = 'A'.repeat(43);
    expect(loggableUrl(`/api/v1/console/links/${token}`)).toBe('/api/v1/console/links/[redacted]');
    // Whether or not `console` is a reserved first segment of the guest app's addresses.
    expect(loggableUrl(`/console/link/${token}?x=1`)).toMatch(
      /^\/console\/(link|\[redacted\])\/\[redacted\]\?x=1$/,
    );
    expect(loggableUrl('/api/v1/console/operators/5')).toBe('/api/v1/console/operators/5');
  });

  it('O15.47 the till-checks search may be a receipt PIN: its q is cut from logged URLs, the inbox’s is not', () => {
    expect(loggableUrl('/api/v1/console/transactions?branchId=1&q=482913&limit=20')).toBe(
      '/api/v1/console/transactions?branchId=1&q=[redacted]&limit=20',
    );
    expect(loggableUrl('/api/v1/console/responses?q=cold%20chips')).toBe(
      '/api/v1/console/responses?q=cold%20chips',
    );
  });
});
