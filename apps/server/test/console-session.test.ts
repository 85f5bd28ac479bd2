import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, SITE_ORIGIN, sessionCookieOf, signIn } from './support/console';

const { owner, manager } = DEMO_SIGN_INS;

describe.each(databases())('console session and profile on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (path: string, payload: object, headers: Record<string, string> = { origin: SITE_ORIGIN }) =>
    call(h.app, { method: 'POST', url: `${CONSOLE}${path}`, headers, payload });

  it('the demo owner signs in, sees the company and every branch, and signs out', async () => {
    const signedIn = await post('/session', { email: owner.email, password: owner.password });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.operator).toEqual({
      id: 1,
      email: owner.email,
      name: 'Olivia Owner',
      role: 'owner',
    });
    const cookie = sessionCookieOf(signedIn.headers);
    expect(cookie).toMatch(/^vv_console=[A-Za-z0-9_-]{43}$/);
    const caller = { cookie: cookie ?? '', origin: SITE_ORIGIN };

    const me = await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: caller });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      operator: { id: 1, email: owner.email, name: 'Olivia Owner', role: 'owner', language: 'en-gb' },
      company: { id: 1, key: 'demo', name: 'Demo Hospitality Group' },
      branches: [
        { id: 1, name: 'Demo Bistro Soho' },
        { id: 2, name: 'Demo Bistro Manchester' },
        { id: 3, name: 'Demo Pop-up Shoreditch' },
      ],
    });

    const out = await call(h.app, { method: 'DELETE', url: `${CONSOLE}/session`, headers: caller });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: {} });
    expect(String(out.headers['set-cookie'])).toMatch(/^vv_console=;.*Expires=Thu, 01 Jan 1970/);
    const after = await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: caller });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe(10005);
  });

  it('the demo manager sees only branch 1', async () => {
    const caller = await signIn(h, manager.email, manager.password);
    const me = await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: caller });
    expect(me.body.data.operator.role).toBe('manager');
    expect(me.body.data.branches).toEqual([{ id: 1, name: 'Demo Bistro Soho' }]);
  });

  it('a wrong password and an unknown e-mail get one answer; an e-mail is matched however typed', async () => {
    const wrong = await post('/session', { email: owner.email, password: 'not-the-password' });
    const unknown = await post('/session', { email: 'nobody@demo.test', password: owner.password });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({ code: 10005, message: 'Wrong e-mail or password', ui: true });
      expect(sessionCookieOf(answer.headers)).toBeNull();
    }
    const typed = await post('/session', { email: '  Owner@Demo.TEST ', password: owner.password });
    expect(typed.status).toBe(200);
  });

  it('without a session every other console call answers 401 10005', async () => {
    for (const cookie of [undefined, 'vv_console=not-a-token', `vv_console=${'a'.repeat(43)}`]) {
      const answer = await call(h.app, {
        method: 'GET',
        url: `${CONSOLE}/me`,
        headers: cookie ? { cookie } : {},
      });
      expect(answer.status, String(cookie)).toBe(401);
      expect(answer.body.error.code).toBe(10005);
    }
  });

  it('PATCH /me changes the name and language; a new password needs the current one and ends the other sessions', async () => {
    const here = await signIn(h, manager.email, manager.password);
    const there = await signIn(h, manager.email, manager.password);
    const patch = (payload: object, headers = here) =>
      call(h.app, { method: 'PATCH', url: `${CONSOLE}/me`, headers, payload });

    const renamed = await patch({ name: 'Sam S.', language: 'it' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.operator).toMatchObject({ name: 'Sam S.', language: 'it' });
    expect(renamed.body.data.branches).toEqual([{ id: 1, name: 'Demo Bistro Soho' }]);

    const faults: [object, Record<string, string>][] = [
      [{ password: 'a-new-password-1' }, { currentPassword: 'form.required' }],
      [
        { password: 'a-new-password-1', currentPassword: 'not-it-at-all' },
        { currentPassword: 'operator.wrongPassword' },
      ],
      [
        { password: 'too-short', currentPassword: manager.password },
        { password: 'operator.passwordTooShort' },
      ],
    ];
    for (const [payload, fields] of faults) {
      const refused = await patch(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 10025, detail: { fields } });
    }
    // Both sessions still live after refusals.
    expect((await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: there })).status).toBe(200);

    expect((await patch({ password: 'a-new-password-1', currentPassword: manager.password })).status).toBe(
      200,
    );
    expect((await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: here })).status).toBe(200);
    expect((await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: there })).status).toBe(401);
    await expect(signIn(h, manager.email, manager.password)).rejects.toThrow(/401/);
    const back = await patch({
      password: manager.password,
      currentPassword: 'a-new-password-1',
      name: 'Sam Soho',
      language: 'en-gb',
    });
    expect(back.status).toBe(200);
  });

  it('O2.4 wrong current passwords on PATCH /me are limited too: 5, then 429', async () => {
    const caller = await signIn(h, owner.email, owner.password);
    const wrong = () =>
      call(h.app, {
        method: 'PATCH',
        url: `${CONSOLE}/me`,
        headers: caller,
        payload: { password: 'a-new-password-1', currentPassword: 'guessing-wrong' },
      });
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(400);
    const locked = await wrong();
    expect([locked.status, locked.body.error.code]).toEqual([429, 10021]);
  });
});
