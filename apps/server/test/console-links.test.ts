import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, SITE_ORIGIN, sessionCookieOf, signIn } from './support/console';

const HOUR = 3600_000;
const LINK = /http:\/\/localhost\/console\/link\/([A-Za-z0-9_-]{43})/;

describe.each(databases())('console one-time links (invitation, reset) on $name', (target) => {
  let h: Harness;
  let now = NOW;
  let owner: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target, { clock: { now: () => new Date(now.getTime()) } });
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
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
      headers: { ...headers },
      ...(payload ? { payload } : {}),
    });
  const publicCall = { origin: SITE_ORIGIN };

  /** The newest mail to `to`, waiting a little: a reset mail is sent after the answer. */
  async function mailTo(to: string, count = 1) {
    for (let i = 0; i < 100; i++) {
      const mails = (await h.outbox.mails()).filter((m) => m.to.includes(to));
      if (mails.length >= count) return mails[count - 1];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail ${count} to ${to}`);
  }
  const tokenOf = (text: string) => LINK.exec(text)?.[1] ?? '';

  it('O2.3 an invitation: a mail in the operator’s language, the link sets the password once and signs in', async () => {
    const invited = await api('POST', '/operators', owner, {
      email: 'Lena@Demo.test',
      name: 'Lena',
      role: 'manager',
      branchIds: [2],
      language: 'de',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data.operator).toMatchObject({
      email: 'lena@demo.test',
      status: 'invited',
      branchIds: [2],
    });

    const mail = await mailTo('lena@demo.test');
    expect(mail?.subject).toBe('Einladung zur Demo Hospitality Group-Konsole');
    const token = tokenOf(mail?.text ?? '');
    expect(mail?.html).toContain(`/console/link/${token}`);

    const info = await api('GET', `/links/${token}`, {});
    expect(info.body).toEqual({
      data: {
        purpose: 'invite',
        email: 'lena@demo.test',
        name: 'Lena',
        companyName: 'Demo Hospitality Group',
      },
    });
    // An invited operator has no password: signing in fails until the link is used.
    expect(
      (await api('POST', '/session', publicCall, { email: 'lena@demo.test', password: '' })).status,
    ).toBe(401);
    const tooShort = await api('POST', `/links/${token}`, publicCall, { password: 'short' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toMatchObject({
      code: 10025,
      detail: { fields: { password: 'operator.passwordTooShort' } },
    });

    const used = await api('POST', `/links/${token}`, publicCall, {
      password: 'lena-password-1',
      name: 'Lena Berg',
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.data.operator).toMatchObject({
      email: 'lena@demo.test',
      name: 'Lena Berg',
      role: 'manager',
    });
    const cookie = sessionCookieOf(used.headers) ?? '';
    const me = await api('GET', '/me', { cookie });
    expect(me.body.data.branches).toEqual([{ id: 2, name: 'Demo Bistro Manchester' }]);
    expect(me.body.data.operator.language).toBe('de');

    // Single use: the same link is gone for reading and for setting a password.
    expect((await api('GET', `/links/${token}`, {})).body.error.code).toBe(10014);
    const again = await api('POST', `/links/${token}`, publicCall, { password: 'another-password-2' });
    expect([again.status, again.body.error.code]).toEqual([404, 10014]);
    await signIn(h, 'lena@demo.test', 'lena-password-1');
    const list = await api('GET', '/operators', owner);
    expect(list.body.data.items.find((o: { email: string }) => o.email === 'lena@demo.test').status).toBe(
      'active',
    );
  });

  it('O2.3 a link expires after 24 hours (harness clock); a new invitation replaces the last', async () => {
    const invited = await api('POST', '/operators', owner, {
      email: 'late@demo.test',
      name: 'Late',
      role: 'viewer',
      branchIds: [1],
    });
    const first = tokenOf((await mailTo('late@demo.test'))?.text ?? '');
    now = new Date(NOW.getTime() + 24 * HOUR - 1);
    expect((await api('GET', `/links/${first}`, {})).status).toBe(200);
    now = new Date(NOW.getTime() + 24 * HOUR);
    expect((await api('GET', `/links/${first}`, {})).status).toBe(404);
    expect((await api('POST', `/links/${first}`, publicCall, { password: 'late-password-1' })).status).toBe(
      404,
    );

    const id = invited.body.data.operator.id;
    expect((await api('POST', `/operators/${id}/invitation`, owner)).status).toBe(200);
    const second = tokenOf((await mailTo('late@demo.test', 2))?.text ?? '');
    expect(second).not.toBe(first);
    expect((await api('POST', `/links/${second}`, publicCall, { password: 'late-password-1' })).status).toBe(
      200,
    );
    // Signed up: a new invitation makes no sense (the operator resets a forgotten password instead).
    const active = await api('POST', `/operators/${id}/invitation`, owner);
    expect(active.body.error).toMatchObject({
      code: 10025,
      detail: { fields: { id: 'operator.alreadyActive' } },
    });
    now = NOW;
  });

  it('O2.3 a reset: always 200, a mail only for an operator, works once, and ends every other session', async () => {
    const manager = DEMO_SIGN_INS.manager;
    const elsewhere = await signIn(h, manager.email, manager.password);
    const before = (await h.outbox.mails()).length;
    const unknown = await api('POST', '/password-reset', publicCall, { email: 'nobody@demo.test' });
    expect(unknown).toMatchObject({ status: 200, body: { data: {} } });
    const known = await api('POST', '/password-reset', publicCall, { email: ' SOHO@demo.test' });
    expect(known).toMatchObject({ status: 200, body: { data: {} } });
    const mail = await mailTo(manager.email);
    expect(mail?.subject).toBe('Reset your Demo Hospitality Group console password');
    expect((await h.outbox.mails()).length).toBe(before + 1);

    const token = tokenOf(mail?.text ?? '');
    expect((await api('GET', `/links/${token}`, {})).body.data.purpose).toBe('reset');
    const reset = await api('POST', `/links/${token}`, publicCall, { password: 'soho-new-password' });
    expect(reset.status).toBe(200);
    expect((await api('GET', '/me', elsewhere)).status).toBe(401);
    await expect(signIn(h, manager.email, manager.password)).rejects.toThrow(/401/);
    // Single use, as an invitation: the used link is gone for reading and for setting a password.
    expect((await api('GET', `/links/${token}`, {})).body.error.code).toBe(10014);
    const again = await api('POST', `/links/${token}`, publicCall, { password: 'soho-third-password' });
    expect([again.status, again.body.error.code]).toEqual([404, 10014]);
    // Put back for the other tests of this file.
    const back = await signIn(h, manager.email, 'soho-new-password');
    const restored = await api('PATCH', '/me', back, {
      password: manager.password,
      currentPassword: 'soho-new-password',
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });

  it('O2.3 a reset link expires after 24 hours (harness clock)', async () => {
    const manager = DEMO_SIGN_INS.manager;
    const sent = (await h.outbox.mails()).filter((m) => m.to.includes(manager.email)).length;
    try {
      const asked = await api('POST', '/password-reset', publicCall, { email: manager.email });
      expect(asked.status).toBe(200);
      const token = tokenOf((await mailTo(manager.email, sent + 1))?.text ?? '');
      now = new Date(NOW.getTime() + 24 * HOUR - 1);
      expect((await api('GET', `/links/${token}`, {})).body.data.purpose).toBe('reset');
      now = new Date(NOW.getTime() + 24 * HOUR);
      expect((await api('GET', `/links/${token}`, {})).body.error.code).toBe(10014);
      const late = await api('POST', `/links/${token}`, publicCall, { password: 'soho-late-password' });
      expect([late.status, late.body.error.code]).toEqual([404, 10014]);
      // The password is unchanged (a failed sign-in here would count towards the lockout of O2.4).
      await signIn(h, manager.email, manager.password);
    } finally {
      now = NOW;
    }
  });

  it('unknown tokens of any shape answer 404 10014', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not-a-token-of-ours']) {
      const answer = await api('GET', `/links/${token}`, {});
      expect([answer.status, answer.body.error.code], token).toEqual([404, 10014]);
    }
  });
});
