import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness } from './harness';
import { untranslated } from './manage-messages';
import { roomyLimiter } from './support/limiters';

const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constant('\u0000'),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);
/** Member bodies: each field absent, of its type, or of any other. */
const body = fc.record(
  {
    id: value,
    displayName: fc.oneof(text, value),
    fullName: fc.oneof(text, value),
    pinCode: fc.oneof(fc.stringMatching(/^\d{1,6}$/), value),
    weight: fc.oneof(fc.integer({ min: -5, max: 200 }), value),
    teamId: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.integer(), value),
    status: fc.oneof(fc.integer({ min: -1, max: 2 }), value),
    hasSettingsAccess: fc.oneof(fc.boolean(), value),
    deleteImage: fc.oneof(fc.boolean(), value),
  },
  { requiredKeys: [] },
);

// Whatever a tablet sends to add or update, the answer is never a server error, and what it says about
// a field the tablet can show.
describe.each(databases())('manage.staff never answers 5xx on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target, { deps: () => ({ staffPinLimiter: roomyLimiter() }) });
    device = await insertDevice(h.database);
  });
  afterAll(() => h?.close());

  it('a NUL character in a name (PostgreSQL text cannot hold it) is 400 10025, not 500', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/manage/staff/add',
      headers: { ...device, 'x-staff-pin': '1111' },
      payload: { displayName: 'Nul\u0000', fullName: 'Nul Name' },
    });
    expect([r.status, r.body.error?.code]).toEqual([400, 10025]);
  });

  it('add and update/{id} with any member body answer 200 or 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('add', 'update/4', 'update/2'), async (payload, path) => {
        const r = await call(h.app, {
          method: 'POST',
          url: `/api/v1/manage/staff/${path}`,
          headers: { ...device, 'x-staff-pin': '1111' },
          payload,
        });
        expect(r.status, JSON.stringify({ payload, body: r.body })).toBeLessThan(500);
        // Every field message is a text the tablet has, in each of its languages (decision 0135).
        // (10009, a body of the wrong shape, keeps the validator's English for developers.)
        if (r.body.error?.code !== 10009) {
          expect(untranslated(r.body.error?.detail?.fields), JSON.stringify(payload)).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
