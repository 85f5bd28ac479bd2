import { randomUUID } from 'node:crypto';
import { INTEGRATION_SCOPES } from '@venue-voice/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKeys, staffMembers } from '../../src/db/schema';
import { DEMO_PRODUCTS } from '../../src/db/seed/demo-menu';
import { newKey } from '../../src/services/integrations';
import { databases } from '../databases';
import { call, type Harness, startHarness } from '../harness';
import { createPayload } from '../submit-fixtures';
import { sessionHeaders } from '../support/console';
import { multipart, photoParts } from '../upload-helpers';
import { CONSOLE_ACTORS, CONSOLE_ROWS, type ConsoleActorIds, type ConsoleProbe } from './console-rows';
import { INTEGRATION_CALLERS, INTEGRATION_ROWS, type IntegrationProbe } from './integration-rows';
import {
  type Actors,
  addConsoleOperators,
  addForeignCompany,
  DEVICE_UUID,
  type Headers,
  MANAGER_PIN,
  makeActors,
  registeredRoutes,
  smallJpeg,
} from './tenants';

type Answer = Awaited<ReturnType<typeof call>>;

/** What one matrix row owns on branch 1 of company 1, made fresh for the row. */
interface Owned {
  actors: Actors;
  /** A response created by the own device (its credentials and guid). */
  response: { id: number; secret: string; guid: string };
  /** A member of branch 1 without a PIN, for the manage calls that name a member. */
  memberId: number;
}

/**
 * One way to reach an owned thing. `request` is made for a caller's headers; `sees` says whether the
 * answer exposed or changed the owned thing. The owner must see it; every foreign caller must not, and
 * a foreign caller refused with an error gets one of `codes` (api.md's codes for that refusal).
 * `scope: 'company'` marks things a company shares across its branches (menu, teams, surveys): the
 * other branch of the same company is no foreigner to them.
 */
interface Probe {
  mode: 'app' | 'web';
  scope: 'branch' | 'company';
  request: (caller: Headers, owned: Owned) => InjectOptions;
  sees: (answer: Answer, owned: Owned) => boolean;
  codes: number[];
}

type Row = { public: string } | { probes: Probe[] };

const app = (caller: Headers, pinOf: number) => ({ ...caller, 'x-staff-pin': MANAGER_PIN[pinOf] ?? '' });
const creds = (caller: Headers, o: Owned) => ({
  ...caller,
  'x-response-id': String(o.response.id),
  'x-response-secret': o.response.secret,
});
const ok = (a: Answer) => a.status === 200;
const text = (a: Answer) => JSON.stringify(a.body);
/** The staff PIN a caller's own branch uses: the matrix reads it from the device's branch. */
const pinFor = (caller: Headers, actors: Actors) =>
  caller === actors.own.app ? 1 : caller === actors.otherBranch.app ? 2 : 20;

const REFUSED_RESPONSE = [10029];
const PRODUCT = DEMO_PRODUCTS[0]?.name ?? 'missing';

/** Every route of the app: probes of its tenancy, or why it is public. */
const MATRIX = (actorsOf: () => Actors): Record<string, Row> => {
  const manage = (caller: Headers) => app(caller, pinFor(caller, actorsOf()));
  const responseCall = (request: (caller: Headers, o: Owned) => InjectOptions): Probe[] => [
    { mode: 'app', scope: 'branch', request, sees: ok, codes: REFUSED_RESPONSE },
    { mode: 'web', scope: 'branch', request, sees: ok, codes: REFUSED_RESPONSE },
  ];
  return {
    'GET /api/health': { public: 'load balancers: says only that the server and database answer' },
    'GET /api/docs': { public: 'the OpenAPI page: the API description, no data' },
    'GET /api/docs/': { public: 'the OpenAPI page' },
    'GET /api/docs/*': { public: "the OpenAPI page's static files" },
    'GET /api/docs/json': { public: 'the OpenAPI document' },
    'GET /api/docs/yaml': { public: 'the OpenAPI document' },
    'GET /api/docs/static/index.html': { public: 'the OpenAPI page' },
    'GET /api/docs/static/swagger-initializer.js': { public: 'the OpenAPI page' },
    'GET /api/v1/uploads/photos/:responseId/:file': {
      public:
        'the URL is the capability (128 random bits per photo, decision 0030): an <img> sends no headers',
    },
    'GET /api/v1/uploads/staff/:branchId/:file': {
      public: 'the URL is the capability (random key per photo, decision 0112), shown in the staff edge',
    },
    'GET /api/v1/uploads/logos/:companyId/:file': {
      public:
        "a company's logo is shown to every guest (surveys edge branding); served only while the company names it (decision 0210)",
    },
    'POST /api/v1/device/register': {
      public:
        "the branch's device passcode is the credential (X-Company/X-Branch name the target); brute force: brute-force.test.ts",
    },
    'GET /api/v1/survey/branch': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/branch?latitude=51.5136&longitude=-0.1365',
            headers: h,
          }),
          sees: (a) => ok(a) && a.body.data.branches.some((b: { id: number }) => b.id === 1),
          codes: [],
        },
        {
          mode: 'web',
          scope: 'branch',
          request: (h) => ({ method: 'GET', url: '/api/v1/survey/branch', headers: h }),
          sees: (a) => ok(a) && a.body.data.branches.some((b: { id: number }) => b.id === 1),
          codes: [],
        },
      ],
    },
    'GET /api/v1/survey/config': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h) => ({ method: 'GET', url: '/api/v1/survey/config?edge=branch,staff', headers: h }),
          sees: (a) => ok(a) && text(a).includes('"Alex"'),
          codes: [],
        },
        {
          mode: 'web',
          scope: 'branch',
          // A guest of the other company naming branch 1.
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/config?edge=branch,staff',
            headers: { ...h, 'x-branch': '1' },
          }),
          sees: (a) => ok(a) && text(a).includes('"Alex"'),
          codes: [10012],
        },
      ],
    },
    'GET /api/v1/survey/transaction': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/transaction?branchId=1&templateId=1&pin=123456',
            headers: h,
          }),
          sees: (a) => ok(a) && a.body.data.pin.validData === true,
          codes: [10013],
        },
        {
          mode: 'web',
          scope: 'branch',
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/transaction?branchId=1&pin=123456',
            headers: h,
          }),
          sees: (a) => ok(a) && a.body.data.pin.validData === true,
          codes: [10012, 10013, 10024],
        },
      ],
    },
    'POST /api/v1/survey/submit': {
      probes: [
        {
          // A create naming branch 1's receipt (transaction 1) and the bistro survey.
          mode: 'app',
          scope: 'branch',
          request: (h) => ({
            method: 'POST',
            url: '/api/v1/survey/submit',
            headers: { ...h, 'x-template-id': '1' },
            payload: { type: 'create', payload: createPayload({ pinCode: '1' }) },
          }),
          sees: ok,
          codes: [10009, 10012, 10013, 10014, 10025],
        },
        {
          mode: 'web',
          scope: 'branch',
          request: (h) => ({
            method: 'POST',
            url: '/api/v1/survey/submit',
            headers: { ...h, 'x-template-id': '1' },
            payload: { type: 'create', payload: createPayload({ urlParams: { branchId: '1' } }) },
          }),
          sees: ok,
          codes: [10012, 10013],
        },
        ...responseCall((h, o) => ({
          method: 'POST',
          url: '/api/v1/survey/submit',
          headers: creds(h, o),
          payload: { type: 'supplement', payload: { permitted: true } },
        })),
      ],
    },
    'POST /api/v1/survey/submit/batch': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'POST',
            url: '/api/v1/survey/submit/batch',
            headers: h,
            payload: { items: [{ type: 'supplement', guid: o.response.guid, payload: { permitted: true } }] },
          }),
          sees: (a) => ok(a) && a.body.data.results[0].status === 200,
          codes: [],
        },
      ],
    },
    'GET /api/v1/survey/prompt': {
      probes: responseCall((h, o) => ({ method: 'GET', url: '/api/v1/survey/prompt', headers: creds(h, o) })),
    },
    'POST /api/v1/survey/track': {
      probes: responseCall((h, o) => ({
        method: 'POST',
        url: '/api/v1/survey/track',
        headers: creds(h, o),
        payload: { actions: ['shared_email'] },
      })),
    },
    'POST /api/v1/survey/upload/upsert': { probes: [] },
    'POST /api/v1/survey/upload/delete': {
      probes: responseCall((h, o) => ({
        method: 'POST',
        url: '/api/v1/survey/upload/delete',
        headers: creds(h, o),
      })),
    },
    'GET /api/v1/survey/menu/query': {
      probes: [
        {
          mode: 'app',
          scope: 'company',
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/menu/query?edge=products&limit=2500',
            headers: h,
          }),
          sees: (a) => ok(a) && text(a).includes(PRODUCT),
          codes: [],
        },
        {
          mode: 'web',
          scope: 'company',
          request: (h) => ({
            method: 'GET',
            url: '/api/v1/survey/menu/query?edge=products&limit=2500',
            headers: h,
          }),
          sees: (a) => ok(a) && text(a).includes(PRODUCT),
          codes: [],
        },
      ],
    },
    'GET /api/v1/survey/menu/export': {
      probes: [
        {
          mode: 'app',
          scope: 'company',
          request: (h) => ({ method: 'GET', url: '/api/v1/survey/menu/export?edge=products', headers: h }),
          sees: (a) => ok(a) && text(a).includes(PRODUCT),
          codes: [],
        },
      ],
    },
    'POST /api/v1/device/configure': {
      probes: [
        {
          // Another device's token sent with the owner's device id.
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'POST',
            url: '/api/v1/device/configure',
            headers: { ...h, 'x-device-id': o.actors.own.app['x-device-id'] ?? '' },
            payload: { uuid: DEVICE_UUID, configuration: { settingsPasscode: '13579' } },
          }),
          sees: ok,
          codes: [10005],
        },
      ],
    },
    'POST /api/v1/device/deregister': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'POST',
            url: '/api/v1/device/deregister',
            headers: { ...h, 'x-device-id': o.actors.own.app['x-device-id'] ?? '' },
            payload: { uuid: DEVICE_UUID },
          }),
          sees: ok,
          codes: [10005],
        },
      ],
    },
    'GET /api/v1/manage/staff/listing': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h) => ({ method: 'GET', url: '/api/v1/manage/staff/listing', headers: manage(h) }),
          sees: (a) => ok(a) && text(a).includes('"Alex"'),
          codes: [],
        },
      ],
    },
    'GET /api/v1/manage/staff/listing/:id': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'GET',
            url: `/api/v1/manage/staff/listing/${o.memberId}`,
            headers: manage(h),
          }),
          sees: ok,
          codes: [10014],
        },
      ],
    },
    'POST /api/v1/manage/staff/add': {
      probes: [
        {
          // A new member put in a team of company 1 (team 1).
          mode: 'app',
          scope: 'company',
          request: (h) => ({
            method: 'POST',
            url: '/api/v1/manage/staff/add',
            headers: manage(h),
            payload: { displayName: 'Mx', fullName: `Matrix ${randomUUID()}`, teamId: 1 },
          }),
          sees: ok,
          codes: [10025, 10014],
        },
      ],
    },
    'POST /api/v1/manage/staff/update/:id': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'POST',
            url: `/api/v1/manage/staff/update/${o.memberId}`,
            headers: manage(h),
            payload: { id: o.memberId, status: 0 },
          }),
          sees: ok,
          codes: [10014],
        },
      ],
    },
    'POST /api/v1/manage/staff/delete/:id': {
      probes: [
        {
          mode: 'app',
          scope: 'branch',
          request: (h, o) => ({
            method: 'POST',
            url: `/api/v1/manage/staff/delete/${o.memberId}`,
            headers: manage(h),
          }),
          sees: ok,
          codes: [10014],
        },
      ],
    },
    'GET /api/v1/manage/team/listing': {
      probes: [
        {
          mode: 'app',
          scope: 'company',
          request: (h) => ({ method: 'GET', url: '/api/v1/manage/team/listing', headers: manage(h) }),
          sees: (a) => ok(a) && text(a).includes('Front of house'),
          codes: [],
        },
      ],
    },
  };
};

describe.each(databases())('tenant matrix on $name', (target) => {
  let h: Harness;
  let jpeg: Buffer;
  let current: Actors;
  const matrix = MATRIX(() => current);
  // Uploads are multipart: the photo probe is built here, where the JPEG is at hand.
  const upsert = (caller: Headers, o: Owned): InjectOptions => {
    const body = multipart(photoParts(jpeg));
    return {
      method: 'POST',
      url: '/api/v1/survey/upload/upsert',
      headers: { ...creds(caller, o), 'content-type': body.contentType },
      payload: body.payload,
    };
  };
  matrix['POST /api/v1/survey/upload/upsert'] = {
    probes: (['app', 'web'] as const).map((mode) => ({
      mode,
      scope: 'branch' as const,
      request: upsert,
      sees: ok,
      codes: REFUSED_RESPONSE,
    })),
  };

  let consoleIds: ConsoleActorIds;
  beforeAll(async () => {
    h = await startHarness(target, { prepare: addForeignCompany });
    jpeg = await smallJpeg();
    consoleIds = await addConsoleOperators(h.database);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Fresh callers, a response of the own device and a member of branch 1, for one row. */
  async function own(): Promise<Owned> {
    const actors = await makeActors(h.database);
    current = actors;
    const guid = randomUUID();
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: { ...actors.own.app, 'x-template-id': '1' },
      payload: { type: 'create', payload: createPayload({ guid }) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [member] = await h.database.db
      .insert(staffMembers)
      .values({ branchId: 1, displayName: `P${guid.slice(0, 8)}`, fullName: `Probe ${guid}` })
      .returning({ id: staffMembers.id });
    return {
      actors,
      response: { id: created.body.data.id, secret: created.body.data.secret, guid },
      memberId: member?.id ?? 0,
    };
  }

  it('has a row for every registered route, and no row for a route that is gone', () => {
    expect(
      [...Object.keys(matrix), ...Object.keys(CONSOLE_ROWS), ...Object.keys(INTEGRATION_ROWS)].sort(),
    ).toEqual(registeredRoutes(h.app));
  });

  const rows = Object.entries(matrix).filter(
    (entry): entry is [string, { probes: Probe[] }] => 'probes' in entry[1],
  );
  it.each(rows)('%s: the owner is served, every foreign caller is refused', async (_route, row) => {
    expect(row.probes.length).toBeGreaterThan(0);
    for (const probe of row.probes) {
      const owned = await own();
      const { actors } = owned;
      const foreign =
        probe.mode === 'web'
          ? [['other company', actors.otherCompany.web] as const]
          : [
              ...(probe.scope === 'branch' ? [['other branch', actors.otherBranch.app] as const] : []),
              ['other company', actors.otherCompany.app] as const,
            ];
      // Foreign callers first: the owner's own call may use the thing up (a receipt, a member).
      for (const [who, caller] of foreign) {
        const answer = await call(h.app, probe.request(caller, owned));
        const said = `${probe.mode} ${who} → ${answer.status} ${text(answer)}`;
        expect(probe.sees(answer, owned), said).toBe(false);
        if (answer.status >= 400) expect(probe.codes, said).toContain(answer.body.error.code);
        expect(answer.status, said).toBeLessThan(500);
      }
      const mine = await call(
        h.app,
        probe.request(probe.mode === 'web' ? actors.own.web : actors.own.app, owned),
      );
      expect(probe.sees(mine, owned), `${probe.mode} owner → ${mine.status} ${text(mine)}`).toBe(true);
    }
  });

  const consoleRows = Object.entries(CONSOLE_ROWS).filter(
    (entry): entry is [string, { probes: ConsoleProbe<never>[] }] => 'probes' in entry[1],
  );
  it.each(consoleRows)('%s: each console caller gets what the policy says', async (_route, row) => {
    expect(row.probes.length).toBeGreaterThan(0);
    for (const probe of row.probes) {
      for (const actor of CONSOLE_ACTORS) {
        const ctx = { h, ids: consoleIds };
        const fixture = (await probe.prepare?.(ctx)) as never;
        const request = probe.request(fixture, ctx);
        // A fresh session per call: a row may sign its caller out (DELETE /session, /sessions).
        const session = actor === 'nobody' ? {} : await sessionHeaders(h.database.db, consoleIds[actor]);
        const origin = { origin: 'http://localhost' };
        const answer = await call(h.app, {
          ...request,
          headers: { ...origin, ...session, ...(request.headers as Record<string, string> | undefined) },
        });
        const expected = probe.expect[actor];
        const said = `${actor} → ${answer.status} ${text(answer)}`;
        const sees = await (probe.sees ?? ((a) => a.status < 300))(answer, fixture, { ...ctx, actor });
        if (typeof expected === 'number') {
          expect(answer.body?.error?.code, said).toBe(expected);
          expect(sees, said).toBe(false);
        } else {
          expect(answer.status, said).toBeLessThan(300);
          expect(sees, said).toBe(expected === 'sees');
        }
      }
    }
  });

  /** A bearer key of a company with these scopes, revoked when asked (integration rows' callers). */
  async function bearerKey(companyId: number, scopes: readonly string[], revoked = false) {
    const { key, keyHash, prefix } = newKey();
    await h.database.db.insert(integrationKeys).values({
      companyId,
      name: `Matrix ${prefix}`,
      prefix,
      keyHash,
      scopes: [...scopes],
      revokedAt: revoked ? new Date() : null,
    });
    return { authorization: `Bearer ${key}` };
  }

  const integrationRows = Object.entries(INTEGRATION_ROWS);
  it.each(integrationRows)(
    '%s: a key reads and writes its own company only, with its scope, while live',
    async (_route, row) => {
      expect(row.probes.length).toBeGreaterThan(0);
      for (const probe of row.probes as IntegrationProbe<never>[]) {
        const keys = {
          own: await bearerKey(1, INTEGRATION_SCOPES),
          otherCompany: await bearerKey(2, INTEGRATION_SCOPES),
          noScope: await bearerKey(
            1,
            INTEGRATION_SCOPES.filter((scope) => scope !== probe.scope),
          ),
          revoked: await bearerKey(1, [probe.scope], true),
        };
        // The refused callers first: the owner's own call may use the thing up.
        for (const caller of INTEGRATION_CALLERS) {
          const ctx = { h };
          const fixture = (await probe.prepare?.(ctx)) as never;
          const request = probe.request(fixture, ctx);
          const answer = await call(h.app, {
            ...request,
            headers: { ...(request.headers as Record<string, string> | undefined), ...keys[caller] },
          });
          const said = `${caller} → ${answer.status} ${text(answer)}`;
          const sees = await probe.sees(answer, fixture, ctx);
          expect(answer.status, said).toBeLessThan(500);
          if (caller === 'own') {
            expect(answer.status, said).toBeLessThan(300);
            expect(sees, said).toBe(true);
            continue;
          }
          expect(sees, said).toBe(false);
          if (caller === 'noScope') {
            expect(answer.status, said).toBe(403);
            expect(answer.body.error, said).toMatchObject({
              code: 10005,
              detail: { requiredScope: probe.scope },
            });
          } else if (caller === 'revoked') {
            expect(answer.status, said).toBe(401);
            expect(answer.body.error.code, said).toBe(10005);
          } else if (answer.status >= 400) expect(probe.foreignCodes, said).toContain(answer.body.error.code);
        }
      }
    },
  );
});
