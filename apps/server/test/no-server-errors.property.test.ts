import { INTEGRATION_SCOPES } from '@venue-voice/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKeys } from '../src/db/schema';
import { newKey } from '../src/services/integrations';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import {
  legalHeader as legalValue,
  mismatch,
  operationsOf,
  requestFor,
  type Schema,
} from './security/openapi-fuzz';
import { createPayload } from './submit-fixtures';
import { SITE_ORIGIN, sessionHeaders } from './support/console';
import { demoMenuBody } from './support/till';

/** Per call: valid starting queries (so random changes reach the database) and the keys it reads. */
const CALLS: Record<string, { bases: string[]; keys: string[] }> = {
  '/api/v1/survey/branch': { bases: ['', 'latitude=51.5&longitude=-0.1'], keys: ['latitude', 'longitude'] },
  '/api/v1/survey/config': {
    bases: ['edge=core,surveys,questions,statics', 'edge=branch,staff'],
    keys: ['edge'],
  },
  '/api/v1/survey/transaction': {
    bases: ['branchId=1&pin=123456', 'branchId=1&tableId=12', 'branchId=1&pinType=pve&pin=Q1'],
    keys: [
      'branchId',
      'templateId',
      'pinType',
      'date',
      'noVisit',
      'pin',
      'tableId',
      'checkId',
      'txSource',
      'api',
    ],
  },
  '/api/v1/survey/menu/query': {
    bases: ['edge=products', 'edge=family_groups', 'edge=major_groups', 'edge=products&text=burger'],
    keys: [
      'edge',
      'order',
      'textFields',
      'limit',
      'offset',
      'type',
      'familyGroupRef',
      'majorGroupRef',
      'text',
      'transactionProductRefs',
      'autoPaginate',
    ],
  },
  '/api/v1/survey/menu/export': {
    bases: ['edge=products', 'edge=major_groups'],
    keys: ['edge', 'limit', 'offset'],
  },
};
const PATHS = Object.keys(CALLS);
const VALUES = [
  'products',
  'family_groups',
  'major_groups',
  'core,surveys',
  'staff',
  'now',
  'pin',
  'pve',
  '123456',
  '12',
  '-1',
  '0',
  '2500',
  '2501',
  '1e309',
  'NaN',
  '99999999999999999999',
  'misc61',
  '-name,weight',
  '%',
  '_',
  '\\',
  "'; drop table products; --",
  'ü€😀',
  ' ',
  ',,,',
  '1001,1002',
  'true',
];

/** A value: a known interesting one, or anything at all (unicode, control characters). */
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  // Control characters inside otherwise plausible text (PostgreSQL rejects NUL in text).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 6 }),
        fc.constantFrom(0, 0, 0, 9, 10, 27, 31),
        fc.string({ maxLength: 6 }),
      )
      .map(([a, c, b]) => `${a}abc${String.fromCharCode(c)}${b}`),
  },
);
/** A base query of the path with up to 4 parameters set (or added) to random values. */
const request = fc.constantFrom(...PATHS).chain((path) => {
  const call = CALLS[path] ?? { bases: [''], keys: ['x'] };
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...call.keys) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc
    .tuple(fc.constantFrom(...call.bases), fc.array(fc.tuple(key, value), { maxLength: 4 }))
    .map(([base, changes]) => {
      const params = new URLSearchParams(base);
      for (const [k, v] of changes) params.set(k, v);
      return `${path}?${params.toString()}`;
    });
});
/** An optional header value; mostly absent, so most requests get past the headers to the call itself. */
const headerValue = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('web', 'app', 'de', 'xx', '1', '2', '99', 'demo-bistro', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const legalHeader = (v: string | undefined): v is string => v !== undefined && /^[\t\x20-\x7e]*$/.test(v);

describe.each(databases())('random requests on $name', (target) => {
  let h: Harness;
  let app: Record<string, string>;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  /** A live integration key of company 1 with every scope (the integrations API, issue 30). */
  let integration: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    app = await insertDevice(h.database);
    // Console callers (sessions made in the database; a fuzzed sign-out may end them, which is fine).
    owner = { ...(await sessionHeaders(h.database.db, 1)) };
    manager = { ...(await sessionHeaders(h.database.db, 2)) };
    const { key, keyHash, prefix } = newKey();
    await h.database.db
      .insert(integrationKeys)
      .values({ companyId: 1, name: 'Fuzz', prefix, keyHash, scopes: [...INTEGRATION_SCOPES] });
    integration = { authorization: `Bearer ${key}` };
  });
  afterAll(async () => {
    await h?.close();
  });

  it('never answer 5xx, and every failure carries the error body', async () => {
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.constantFrom('web', 'web', 'app', 'junk'),
        headerValue,
        headerValue,
        async (url, mode, branch, language) => {
          const headers: Record<string, string> =
            mode === 'app'
              ? { ...app }
              : mode === 'web'
                ? { 'x-survey-slug': 'demo-bistro' }
                : { 'x-auth-type': branch ?? 'x' };
          // Header values must be legal HTTP; anything else never reaches the server.
          if (legalHeader(branch)) headers['x-branch'] = branch;
          if (legalHeader(language)) headers['x-language'] = language;
          const r = await h.app.inject({ method: 'GET', url, headers });
          expect(r.statusCode, `${url} ${JSON.stringify(headers)} → ${r.body}`).toBeLessThan(500);
          if (r.statusCode >= 400) {
            const body = JSON.parse(r.body);
            expect(body.error.code).toBeGreaterThanOrEqual(10000);
            expect(typeof body.error.ui).toBe('boolean');
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  // Issue 9: every operation of the OpenAPI document, with generated good, bad and random parameters,
  // headers and bodies: never a 5xx, and every answer matches the schema documented for its status
  // (an error status without one must be the error envelope).
  it('every operation of /api/docs/json: 0 5xx, every answer within its documented schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(20);
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: web(),
      payload: { type: 'create', payload: createPayload() },
    });
    const holder = {
      'x-response-id': String(created.body.data.id),
      'x-response-secret': created.body.data.secret,
    };
    const callers = fc.constantFrom<Record<string, string>>(
      {},
      web(),
      { ...web(), ...holder },
      { ...web(), 'x-response-id': '1', 'x-response-secret': 'not-the-secret-of-it' },
      app,
      { ...app, ...holder },
      { ...app, 'x-staff-pin': '1111' },
      { ...app, 'x-staff-pin': '0000' },
      { 'x-auth-type': 'robot' },
      owner,
      manager,
      { origin: SITE_ORIGIN },
      integration,
    );
    const examples = {
      values: {
        edge: ['core,surveys,questions', 'branch,staff', 'products', 'major_groups', 'family_groups'],
        branchId: ['1', '2'],
        pin: ['123456', '999999', '12345'],
        tableId: ['12', '13'],
        pinType: ['pin', 'pve'],
        latitude: ['51.5'],
        longitude: ['-0.13'],
        limit: ['5'],
        offset: ['0'],
        text: ['burger', 'soup'],
        date: ['now', '2025-06-14 18:00'],
        responseId: [String(created.body.data.id)],
        id: ['1', '2', '5'],
        'x-company': ['demo'],
        'x-branch': ['1'],
        'x-device-id': ['fuzz-tablet'],
        'x-staff-pin': ['1111'],
        token: ['A'.repeat(43)],
        cursor: ['1', '99', 'MjAyNS0wNi0xNCAxOTozMDowMHwx'],
        // The inbox's filters (O6.x), so generated requests get past its checks to the SQL.
        from: ['2025-06-01'],
        to: ['2025-06-30'],
        nps: ['promoter', 'detractor'],
        q: ['lovely', '100%_\\'],
        indicatorId: ['1'],
        scoreMin: ['3'],
        csatMin: ['50'],
        dish: ['1001'],
        complaint: ['true'],
        source: ['web', 'app'],
        // The responses pull (O11.3).
        updatedSince: ['2025-06-01T00:00:00Z'],
      },
      bodies: {
        'POST /api/v1/survey/submit': [
          { type: 'create', payload: createPayload() },
          {
            type: 'supplement',
            payload: { permitted: true, contact: { name: 'Fuzz', email: 'fuzz@example.com' } },
          },
        ],
        'POST /api/v1/survey/submit/batch': [
          { items: [{ type: 'create', templateId: 1, payload: createPayload() }] },
        ],
        'POST /api/v1/survey/track': [{ actions: ['shared_email'] }],
        'POST /api/v1/console/session': [{ email: 'owner@demo.test', password: 'demo-owner-1234' }],
        'POST /api/v1/console/password-reset': [{ email: 'soho@demo.test' }],
        'POST /api/v1/console/links/{token}': [{ password: 'fuzz-password-1' }],
        'PATCH /api/v1/console/me': [{ name: 'Fuzz' }, { password: 'fuzz-password-1', currentPassword: 'x' }],
        'PUT /api/v1/console/me/digest': [{ frequency: 'daily', weekday: 3, hour: 7 }],
        // The demo menu itself: a replace that reaches the database and leaves the menu as it was.
        'PUT /api/v1/console/menu': [demoMenuBody()],
        'POST /api/v1/console/operators': [
          { email: 'fuzz@demo.test', name: 'Fuzz', role: 'viewer', branchIds: [1] },
        ],
        'PATCH /api/v1/console/operators/{id}': [{ name: 'Fuzz' }, { role: 'viewer', branchIds: [2] }],
        'POST /api/v1/survey/upload/delete': [{ kind: 'photo' }],
        'POST /api/v1/device/register': [
          { configuration: { settingsPasscode: '1234' }, pass: 'a'.repeat(64), uuid: 'fuzz-installation' },
        ],
        'POST /api/v1/device/configure': [{ uuid: 'fuzz', configuration: { settingsPasscode: '1234' } }],
        'POST /api/v1/device/deregister': [{ uuid: 'fuzz' }],
        'POST /api/v1/manage/staff/add': [{ displayName: 'Fuzz', fullName: 'Fuzz Person', teamId: 1 }],
        'POST /api/v1/manage/staff/update/{id}': [
          { displayName: 'Fuzz', fullName: 'Fuzz Person' },
          { id: 2, status: 1 },
        ],
      },
    };
    const envelope = doc.paths['/api/v1/survey/track'].post.responses['400'].content['application/json']
      .schema as Schema;
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...operations)
          .chain((op) => requestFor(op, callers, examples).map((r) => [op, r] as const)),
        async ([op, options]) => {
          const r = await h.app.inject(options);
          const said = `${options.method} ${options.url} ${JSON.stringify(options.headers)} ${String(options.payload ?? '').slice(0, 300)} → ${r.statusCode} ${r.body.slice(0, 300)}`;
          expect(r.statusCode, said).toBeLessThan(500);
          seen.set(
            `${op.method} ${op.path}`,
            (seen.get(`${op.method} ${op.path}`) ?? new Set()).add(r.statusCode),
          );
          if (!String(r.headers['content-type'] ?? '').includes('json')) {
            // Only photos (200, image/jpeg) and 304s answer without JSON.
            expect([200, 304], said).toContain(r.statusCode);
            return;
          }
          const documented = op.responses[String(r.statusCode)];
          if (r.statusCode < 400) expect(documented, `undocumented ${r.statusCode}: ${said}`).toBeTruthy();
          const schema = documented ?? envelope;
          expect(mismatch(schema, r.json()), said).toBeNull();
          expect(legalValue(String(r.headers['content-type'])), said).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
    // Every operation was reached, and most got past their credentials to a 2xx at least once.
    expect([...seen.keys()].length).toBe(operations.length);
  });
});
