import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/db/connection';
import { enqueueEvent, isPublicAddress } from '../src/services/webhooks';
import { databases } from './databases';
import { type Harness, NOW, ROOMY_CREATE_LIMITS, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';

describe('O10.4 only public unicast addresses may receive webhooks', () => {
  it.each([
    ['1.1.1.1', true],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false], // loopback
    ['127.8.9.10', false],
    ['10.1.2.3', false], // private
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // link-local (cloud metadata)
    ['100.64.0.1', false], // CGNAT
    ['100.127.255.254', false],
    ['0.0.0.0', false], // unspecified
    ['255.255.255.255', false], // broadcast
    ['224.0.0.1', false], // multicast
    ['203.0.113.7', false], // documentation (reserved)
    ['::1', false], // loopback
    ['::', false],
    ['fd00::1', false], // unique-local
    ['fc12:3456::1', false],
    ['fe80::1', false], // link-local
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['::ffff:1.1.1.1', true], // IPv4-mapped public
    ['2002:7f00:1::', false], // 6to4 carrying 127.0.0.1
    ['64:ff9b::a00:1', false], // NAT64 carrying 10.0.0.1
    ['not-an-address', false],
  ])('%s → %s', (address, ok) => {
    expect(isPublicAddress(address)).toBe(ok);
  });
});

describe('config: WEBHOOK_ALLOW_PRIVATE, WEBHOOK_TIMEOUT_MS, WEBHOOK_TIME_SCALE', () => {
  it('defaults: no private targets, 15 s, the real schedule', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivate: false, timeoutMs: 15_000, timeScale: 1 });
  });
  it('reads them', () => {
    const config = loadConfig({
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_TIME_SCALE: '0.001',
    });
    expect(config.webhooks).toEqual({ allowPrivate: true, timeoutMs: 5000, timeScale: 0.001 });
  });
  it.each([
    ['WEBHOOK_ALLOW_PRIVATE', 'yes'],
    ['WEBHOOK_TIMEOUT_MS', '10'],
    ['WEBHOOK_TIME_SCALE', '2'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});

describe.each(databases())('the console’s webhooks on $name', (target) => {
  let h: Harness;
  let owner: Record<string, string>;
  beforeAll(async () => {
    // The app as production runs it: no private targets.
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    h.app
      .inject({ method, url: `${CONSOLE}${path}`, headers: owner, ...(payload ? { payload } : {}) })
      .then((a) => ({ status: a.statusCode, body: a.json() }));

  it('creates a webhook with a whsec_ secret shown once, lists it without, and audits it', async () => {
    const created = await inject('POST', '/webhooks', {
      url: 'https://1.1.1.1/venue-voice',
      events: ['response.created', 'case.resolved'],
    });
    expect(created.status).toBe(201);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);

    const list = await inject('GET', '/webhooks');
    expect(list.body.data.items).toContainEqual({
      id,
      url: 'https://1.1.1.1/venue-voice',
      events: ['response.created', 'case.resolved'],
      active: true,
      createdAt: NOW.toISOString(),
      pending: 0,
      failed: 0,
    });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));

    const audit = await queryRows<{ action: string; detail: unknown }>(
      h.database.db,
      sql`select action, detail from audit_log where subject_type = 'webhook' and subject_id = ${String(id)}`,
    );
    expect(audit).toEqual([
      {
        action: 'webhook.create',
        detail: { url: 'https://1.1.1.1/venue-voice', events: ['response.created', 'case.resolved'] },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it.each([
    ['http://1.1.1.1/hook', 'https_required'],
    ['ftp://1.1.1.1/hook', 'invalid'],
    ['https://user:pw@1.1.1.1/hook', 'credentials'],
    ['https://127.0.0.1/hook', 'private_address'],
    ['https://10.0.0.5/hook', 'private_address'],
    ['https://192.168.0.10:8443/hook', 'private_address'],
    ['https://169.254.169.254/latest/meta-data', 'private_address'],
    ['https://100.64.1.1/hook', 'private_address'],
    ['https://[::1]/hook', 'private_address'],
    ['https://[fd00::1]/hook', 'private_address'],
    ['https://[fe80::1]/hook', 'private_address'],
    ['https://[::ffff:127.0.0.1]/hook', 'private_address'],
    ['https://localhost/hook', 'private_address'],
    ['https://no-such-host.invalid/hook', 'unresolvable'],
  ])('O10.2/O10.4 refuses %s at creation: 400 10009, reason %s', async (url, reason) => {
    const answer = await inject('POST', '/webhooks', { url, events: ['response.created'] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 10009, ui: true, detail: { reason } });
    expect(answer.body.error.detail.fields.url).toBe(`webhooks.urlFaults.${reason}`);
    const stored = await queryRows(h.database.db, sql`select 1 from webhooks where url = ${url}`);
    expect(stored).toHaveLength(0);
  });

  it.each([
    [{ url: 'https://1.1.1.1/x', events: [] }],
    [{ url: 'https://1.1.1.1/x', events: ['response.deleted'] }],
    [{ url: 'https://1.1.1.1/x', events: ['case.opened', 'case.opened'] }],
    [{ url: 'https://1.1.1.1/x' }],
    [{ url: 'https://1.1.1.1/x', events: ['case.opened'], secret: 'whsec_mine' }],
  ])('refuses the body %j with 10008/10009', async (payload) => {
    const answer = await inject('POST', '/webhooks', payload);
    expect(answer.status).toBe(400);
    expect([10008, 10009]).toContain(answer.body.error.code);
  });

  it('changes events and active; a disabled webhook gets no new events and sends no test', async () => {
    const { id } = (
      await inject('POST', '/webhooks', { url: 'https://1.1.1.1/patch', events: ['case.opened'] })
    ).body.data;
    expect((await inject('PATCH', `/webhooks/${id}`, { events: ['response.supplemented'] })).status).toBe(
      200,
    );
    expect((await inject('PATCH', `/webhooks/${id}`, { active: false })).status).toBe(200);
    const item = (await inject('GET', '/webhooks')).body.data.items.find((w: { id: number }) => w.id === id);
    expect(item).toMatchObject({ events: ['response.supplemented'], active: false });
    await enqueueEvent(h.database.db, {
      companyId: 1,
      type: 'response.supplemented',
      messageId: `msg_patch_${id}`,
      data: {},
      at: NOW,
    });
    const mine = await queryRows(
      h.database.db,
      sql`select 1 from webhook_deliveries where webhook_id = ${id}`,
    );
    expect(mine).toHaveLength(0);
    const test = await inject('POST', `/webhooks/${id}/test`);
    expect(test.status).toBe(400);
    expect(test.body.error).toMatchObject({ code: 10009, detail: { reason: 'disabled' } });
    expect((await inject('PATCH', `/webhooks/${id}`, {})).body.error.code).toBe(10009);
    expect((await inject('PATCH', '/webhooks/999999', { active: true })).body.error.code).toBe(10014);
  });

  it('reads the delivery log newest first, a page at a time', async () => {
    const { id } = (
      await inject('POST', '/webhooks', { url: 'https://1.1.1.1/log', events: ['case.resolved'] })
    ).body.data;
    for (let i = 0; i < 25; i += 1) {
      await enqueueEvent(h.database.db, {
        companyId: 1,
        type: 'case.resolved',
        messageId: `msg_log_${id}_${i}`,
        data: { caseId: i },
        at: NOW,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await inject(
        'GET',
        `/webhooks/${id}/deliveries?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.items.map((d: { messageId: string }) => d.messageId));
      cursor = answer.body.data.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `msg_log_${id}_${24 - i}`));
    const first = (await inject('GET', `/webhooks/${id}/deliveries?limit=1`)).body.data.items[0];
    expect(first).toEqual({
      id: expect.any(Number),
      messageId: `msg_log_${id}_24`,
      eventType: 'case.resolved',
      state: 'pending',
      createdAt: expect.any(String),
      deliveredAt: null,
      nextAttemptAt: NOW.toISOString(),
      attempts: [],
    });
    expect((await inject('GET', `/webhooks/${id}`.concat('/deliveries?limit=500'))).status).toBe(400);
    expect((await inject('GET', `/webhooks/${id}/deliveries?cursor=abc`)).status).toBe(400);
    const listed = (await inject('GET', '/webhooks')).body.data.items.find(
      (w: { id: number }) => w.id === id,
    );
    expect(listed.pending).toBe(25);
  });

  it('deletes a webhook with its deliveries; its log is then not found', async () => {
    const { id } = (
      await inject('POST', '/webhooks', { url: 'https://1.1.1.1/gone', events: ['case.opened'] })
    ).body.data;
    await enqueueEvent(h.database.db, {
      companyId: 1,
      type: 'case.opened',
      messageId: `msg_gone_${id}`,
      data: {},
      at: NOW,
    });
    expect((await inject('DELETE', `/webhooks/${id}`)).status).toBe(200);
    expect((await inject('GET', `/webhooks/${id}/deliveries`)).body.error.code).toBe(10014);
    expect((await inject('DELETE', `/webhooks/${id}`)).body.error.code).toBe(10014);
    const left = await queryRows(
      h.database.db,
      sql`select 1 from webhook_deliveries where webhook_id = ${id}`,
    );
    expect(left).toHaveLength(0);
    const audit = await queryRows<{ action: string }>(
      h.database.db,
      sql`select action from audit_log where subject_type = 'webhook' and subject_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.delete']);
  });
});

describe.each(databases())('a webhook’s secret never in the log, on $name', (target) => {
  it('at trace level, creating and listing a webhook logs no part of its secret', async () => {
    const lines: string[] = [];
    const h = await startHarness(target, {
      deps: () => ({
        config: { logLevel: 'trace', createLimits: ROOMY_CREATE_LIMITS },
        logStream: { write: (line: string) => void lines.push(line) },
      }),
    });
    try {
      const owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
      const created = await h.app.inject({
        method: 'POST',
        url: `${CONSOLE}/webhooks`,
        headers: owner,
        payload: { url: 'https://1.1.1.1/logged', events: ['case.opened'] },
      });
      expect(created.statusCode).toBe(201);
      await h.app.inject({ method: 'GET', url: `${CONSOLE}/webhooks`, headers: owner });
      const secret: string = created.json().data.secret;
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.join('\n')).not.toContain(secret.slice('whsec_'.length, 30));
    } finally {
      await h.close();
    }
  });
});
