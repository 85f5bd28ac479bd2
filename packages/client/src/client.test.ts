import type { CreatePayload } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { fetchDeviceConfig } from './device-config';
import { ApiFailure, GENERIC_API_MESSAGE } from './errors';

type Seen = { url: string; init: RequestInit };
/** A fetch that records requests and answers with a fixed status and body (the network edge only). */
const fakeFetch = (status: number, body: unknown, seen: Seen[] = []) =>
  (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;

const core = {
  company: { keyName: 'demo', name: 'Demo' },
  schedules: [],
  features: { digitalReceipt: false },
};

describe('client: headers and queries', () => {
  it('survey.create sends the web’s bot-protection token as X-Bot-Token, and no header without one (0200)', async () => {
    const seen: Seen[] = [];
    const answer = { data: { id: 1, secret: 's', is_ai_valid: false, voucher: null } };
    const api = createApiClient({
      baseUrl: '',
      authType: 'web',
      clientId: 'c',
      fetch: fakeFetch(200, answer, seen),
    });
    const payload = { guid: '00000000-0000-4000-8000-000000000000' } as unknown as CreatePayload;
    await api.survey.create(payload, 1, 'tok-123');
    await api.survey.create(payload, 1, null);
    await api.survey.create(payload, 1);
    expect(seen[0]?.init.headers).toMatchObject({ 'X-Bot-Token': 'tok-123', 'X-Template-Id': '1' });
    expect(seen[1]?.init.headers).not.toHaveProperty('X-Bot-Token');
    expect(seen[2]?.init.headers).not.toHaveProperty('X-Bot-Token');
  });

  it('sends the web headers of api.md and comma-joins the edges', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      baseUrl: 'http://x',
      authType: 'web',
      clientId: 'venue-voice-web/0.8.16',
      language: 'de',
      surveySlug: 'demo-bistro',
      fetch: fakeFetch(200, { data: { core } }, seen),
    });
    const config = await api.survey.config({ edges: ['core', 'surveys'] });
    expect(config.core?.company.keyName).toBe('demo');
    expect(seen[0]?.url).toBe('http://x/api/v1/survey/config?edge=core%2Csurveys');
    expect(seen[0]?.init.headers).toMatchObject({
      'X-Auth-Type': 'web',
      'X-Client-Id': 'venue-voice-web/0.8.16',
      'X-Language': 'de',
      'X-Survey-Slug': 'demo-bistro',
    });
    expect(seen[0]?.init.headers).not.toHaveProperty('Authorization');
  });

  it('sends the device id and bearer token in app mode only', async () => {
    const seen: Seen[] = [];
    const device = { deviceId: 'tablet-1', token: 'secret-token' };
    const api = createApiClient({
      baseUrl: '',
      authType: 'app',
      clientId: 'c',
      device,
      branchId: 1,
      fetch: fakeFetch(200, { data: {} }, seen),
    });
    await api.survey.config({ edges: ['staff'] });
    expect(seen[0]?.init.headers).toMatchObject({
      'X-Device-Id': 'tablet-1',
      Authorization: 'Bearer secret-token',
      'X-Branch': '1',
    });
  });

  it("reads each mode's staff edge with its own schema: a guest never keeps PIN data, a device only verifiers (decisions 0011, 0197)", async () => {
    const member = {
      id: 1,
      displayName: 'Alex',
      fullName: 'Alex Morgan',
      status: 1,
      teamId: 1,
      gender: null,
      type: null,
      imageUrl: null,
      thumbnailUrl: null,
      tags: [],
    };
    const pinVerifier = { algorithm: 'PBKDF2-SHA256', iterations: 60_000, salt: 'c2FsdA', hash: 'aGFzaA' };
    const manager = { ...member, hasPin: true, pinVerifier, weight: 90, hasSettingsAccess: true };
    // An old server's clear PIN is not kept by the device either (decision 0197).
    const body = { data: { staff: [{ ...manager, pinCode: '1111' }] } };
    const guest = createApiClient({
      baseUrl: '',
      authType: 'web',
      clientId: 'c',
      fetch: fakeFetch(200, body),
    });
    expect((await guest.survey.config({ edges: ['staff'] })).staff).toEqual([member]);
    const device = createApiClient({
      baseUrl: '',
      authType: 'app',
      clientId: 'c',
      device: { deviceId: 'tablet-1', token: 't' },
      fetch: fakeFetch(200, body),
    });
    expect((await device.survey.config({ edges: ['staff'] })).staff).toEqual([manager]);
    // A device answer without the manager's fields is refused rather than read half-empty.
    const short = createApiClient({
      baseUrl: '',
      authType: 'app',
      clientId: 'c',
      device: { deviceId: 'tablet-1', token: 't' },
      fetch: fakeFetch(200, { data: { staff: [member] } }),
    });
    await expect(short.survey.config({ edges: ['staff'] })).rejects.toBeInstanceOf(ApiFailure);
  });

  it('puts the template id in both the query and the header of survey.transaction', async () => {
    const seen: Seen[] = [];
    const data = {
      pin: { pinCode: '1', validData: false, dateTime: null, sourceType: null, error: 'INVALID-PIN' },
      transaction: null,
      branch: null,
      transactionRef: null,
    };
    const api = createApiClient({
      baseUrl: '',
      authType: 'web',
      clientId: 'c',
      fetch: fakeFetch(200, { data }, seen),
    });
    const result = await api.survey.transaction({
      branchId: 1,
      templateId: 7,
      pinType: 'pin',
      pin: '1',
      date: 'now',
    });
    expect(result.pin.error).toBe('INVALID-PIN');
    expect(seen[0]?.url).toContain('templateId=7');
    expect(seen[0]?.init.headers).toMatchObject({ 'X-Template-Id': '7' });
  });

  it('pages the menu export until a page is shorter than the limit (D7)', async () => {
    const seen: string[] = [];
    const group = (id: number) => ({ id, ref: `f${id}`, name: `F${id}`, weight: 1 });
    const fetchPages = (async (url: string) => {
      seen.push(url);
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      const items = offset === 0 ? [group(1), group(2)] : offset === 2 ? [group(3), group(4)] : [group(5)];
      return new Response(JSON.stringify({ data: { family_groups: items } }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createApiClient({ baseUrl: '', authType: 'web', clientId: 'c', fetch: fetchPages });
    const all = await api.survey.menu.exportAll('family_groups', 2);
    expect(all.map((g) => g.id)).toEqual([1, 2, 3, 4, 5]);
    expect(seen).toHaveLength(3);
  });
});

describe('client: failures normalised (G8 ui rule)', () => {
  const failing = (status: number, body: unknown) =>
    createApiClient({
      baseUrl: '',
      authType: 'web',
      clientId: 'c',
      fetch: fakeFetch(status, body),
    }).survey.config({ edges: ['core'] });

  it('shows the server message when ui is true', async () => {
    const error = await failing(400, {
      error: { code: 10025, message: 'Display name is taken', detail: { displayName: 'unique' }, ui: true },
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({
      status: 400,
      code: 10025,
      message: 'Display name is taken',
      detail: { displayName: 'unique' },
      ui: true,
      retryable: false,
    });
  });

  it('shows the generic message when ui is false, keeping the body as previous', async () => {
    const body = { error: { code: 10010, message: 'Invalid edge: foo', detail: null, ui: false } };
    const error = await failing(400, body).catch((e) => e);
    expect(error).toMatchObject({ status: 400, code: 10010, message: GENERIC_API_MESSAGE, previous: body });
  });

  it('treats a body that is not the envelope as a generic failure', async () => {
    const error = await failing(502, '<html>Bad gateway</html>').catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: null, message: GENERIC_API_MESSAGE, retryable: true });
  });

  it('shows the raw message of a failure that never reached the API', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const api = createApiClient({ baseUrl: '', authType: 'web', clientId: 'c', fetch: offline });
    const error = await api.survey.config({ edges: ['core'] }).catch((e) => e);
    expect(error).toMatchObject({
      status: 0,
      code: null,
      message: 'Failed to fetch',
      isNetworkError: true,
      retryable: true,
    });
  });

  it('refuses a 2xx answer that does not match the schema with 10007', async () => {
    const error = await failing(200, { data: { core: { company: 'nope' } } }).catch((e) => e);
    expect(error).toMatchObject({ status: 200, code: 10007 });
  });

  it('marks retryable codes from the domain table', async () => {
    const error = await failing(503, { error: { code: 10021, message: 'x', detail: null, ui: false } }).catch(
      (e) => e,
    );
    expect(error.retryable).toBe(true);
  });
});

describe("client: the guest's config and branches, parsed with the domain's schemas (decision 0173)", () => {
  const guest = (status: number, body: unknown) =>
    createApiClient({ baseUrl: '', authType: 'web', clientId: 'c', fetch: fakeFetch(status, body) });

  it('reads survey.config whole with the web schema', async () => {
    const config = await guest(200, { data: { core, questions: [] } }).survey.webConfig({
      edges: ['core', 'questions'],
    });
    expect(config).toEqual({ core, questions: [] });
    // Every edge is checked, not only what the check-in reads: a wrong question is refused at once.
    const error = await guest(200, { data: { core, questions: [{ notAQuestion: true }] } })
      .survey.webConfig({ edges: ['core', 'questions'] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 200, code: 10007 });
    expect(error.detail.issues[0]).toMatch(/^questions\.0/);
  });

  it('refuses a wrong branch listing with 10007 and where it is', async () => {
    const error = await guest(200, { data: { branches: [{ id: 1, name: 'Soho' }] } })
      .survey.branch()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 200, code: 10007 });
    expect(error.detail.issues[0]).toMatch(/^branches\.0\./);
  });
});

describe("client: a tablet's conditional survey.config (decision 0228)", () => {
  type Answer = { status: number; body?: unknown; etag?: string };
  /** Answers in turn; a 304 has no body, as HTTP says (a Response refuses one). */
  const answering = (answers: Answer[], seen: Seen[]) =>
    (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const { status, body, etag } = answers[seen.length - 1] ?? { status: 599 };
      const headers = etag ? { ETag: etag } : undefined;
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
    }) as unknown as typeof fetch;
  const tablet = (answers: Answer[], seen: Seen[] = []) => {
    const client = createApiClient({
      baseUrl: '',
      authType: 'app',
      clientId: 'c',
      device: { deviceId: 'tablet-1', token: 't' },
      branchId: 1,
      fetch: answering(answers, seen),
    });
    return (params: Parameters<typeof fetchDeviceConfig>[1]) => fetchDeviceConfig(client, params);
  };

  it('sends no If-None-Match without an ETag and answers the config with the ETag that came', async () => {
    const seen: Seen[] = [];
    const answer = await tablet(
      [{ status: 200, body: { data: { core } }, etag: 'W/"one"' }],
      seen,
    )({
      edges: ['core'],
      etag: null,
    });
    expect(answer).toEqual({ type: 'changed', data: { core }, etag: 'W/"one"' });
    expect(seen[0]?.init.headers).not.toHaveProperty('If-None-Match');
    expect(seen[0]?.url).toBe('/api/v1/survey/config?edge=core');
  });

  it('sends the ETag as If-None-Match; a 304 answers not modified, a 200 the new config and its ETag', async () => {
    const seen: Seen[] = [];
    const config = tablet(
      [
        { status: 304, etag: 'W/"one"' },
        { status: 304 },
        { status: 200, body: { data: { core, questions: [] } }, etag: 'W/"two"' },
        { status: 200, body: { data: { core } } },
      ],
      seen,
    );
    expect(await config({ edges: ['core'], etag: 'W/"one"' })).toEqual({
      type: 'notModified',
      etag: 'W/"one"',
    });
    // A 304 whose ETag a proxy dropped still means the one sent.
    expect(await config({ edges: ['core'], etag: 'W/"one"' })).toEqual({
      type: 'notModified',
      etag: 'W/"one"',
    });
    expect(await config({ edges: ['core'], etag: 'W/"one"' })).toEqual({
      type: 'changed',
      data: { core, questions: [] },
      etag: 'W/"two"',
    });
    expect(await config({ edges: ['core'], etag: 'W/"two"' })).toEqual({
      type: 'changed',
      data: { core },
      etag: null,
    });
    expect(seen.map((s) => (s.init.headers as Record<string, string>)['If-None-Match'])).toEqual([
      'W/"one"',
      'W/"one"',
      'W/"one"',
      'W/"two"',
    ]);
    expect(seen[0]?.init.headers).toMatchObject({ Authorization: 'Bearer t', 'X-Device-Id': 'tablet-1' });
  });

  it('refuses a 304 to a request that named no ETag (10007), and still throws the API failure of an error', async () => {
    const stray = await tablet([{ status: 304 }])({ edges: ['core'], etag: null }).catch((e) => e);
    expect(stray).toBeInstanceOf(ApiFailure);
    expect(stray).toMatchObject({ status: 304, code: 10007 });
    const revoked = { error: { code: 10005, message: 'Not authenticated', detail: null, ui: false } };
    const error = await tablet([{ status: 401, body: revoked }])({ edges: ['core'], etag: 'W/"one"' }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ status: 401, code: 10005 });
    // A changed config is checked with the device schema like any answer.
    const wrong = await tablet([
      { status: 200, body: { data: { core: { company: 'nope' } } }, etag: 'W/"x"' },
    ])({
      edges: ['core'],
      etag: 'W/"one"',
    }).catch((e) => e);
    expect(wrong).toMatchObject({ status: 200, code: 10007 });
  });

  it("leaves the guest's config call as it was: no If-None-Match (the browser revalidates it itself)", async () => {
    const seen: Seen[] = [];
    const guest = createApiClient({
      baseUrl: '',
      authType: 'web',
      clientId: 'c',
      fetch: fakeFetch(200, { data: { core } }, seen),
    });
    expect(await guest.survey.webConfig({ edges: ['core'] })).toEqual({ core });
    expect(seen[0]?.init.headers).not.toHaveProperty('If-None-Match');
  });
});
