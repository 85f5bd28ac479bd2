import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness } from './harness';
import { untranslated } from './manage-messages';
import { roomyLimiter } from './support/limiters';

type Case = [
  name: string,
  pin: string | null,
  path: string,
  body: object | undefined,
  field: string,
  message: string,
];

// Every field message the manage calls answer, reached one by one: each must have a text in all four
// locales, with the values its text reads (decision 0135). The property test covers bodies at random.
const cases: Case[] = [
  ['no X-Staff-Pin', null, 'add', {}, 'x-staff-pin', 'form.required'],
  ['a short X-Staff-Pin', '12', 'add', {}, 'x-staff-pin', 'form.minChars'],
  ['a long X-Staff-Pin', '123456', 'add', {}, 'x-staff-pin', 'form.maxChars'],
  ['a X-Staff-Pin with letters', '12a', 'add', {}, 'x-staff-pin', 'form.numeric'],
  ['a wrong X-Staff-Pin', '9999', 'add', {}, 'x-staff-pin', 'staff.invalidPin'],
  [
    'a blank display name',
    '1111',
    'add',
    { displayName: ' ', fullName: 'A B' },
    'displayName',
    'form.required',
  ],
  [
    'a display name taken',
    '1111',
    'add',
    { displayName: 'alex', fullName: 'A B' },
    'displayName',
    'form.unique',
  ],
  [
    'a full name taken',
    '1111',
    'add',
    { displayName: 'Ab', fullName: 'ALEX MORGAN' },
    'fullName',
    'form.unique',
  ],
  [
    'a NUL in a name',
    '1111',
    'add',
    { displayName: 'A\u0000', fullName: 'A B' },
    'displayName',
    'team.invalidValue',
  ],
  [
    'a display name of 1,000,000 characters (D5.22)',
    '1111',
    'add',
    { displayName: 'x'.repeat(1_000_000), fullName: 'A B' },
    'displayName',
    'form.maxChars',
  ],
  [
    'a full name of 101 characters (D5.22)',
    '1111',
    'update/4',
    { fullName: 'W'.repeat(101) },
    'fullName',
    'form.maxChars',
  ],
  [
    'a right-to-left override in a display name (D5.23)',
    '1111',
    'add',
    { displayName: 'Ab\u202Egnp.exe', fullName: 'A B' },
    'displayName',
    'form.textDirection',
  ],
  [
    'an isolate in a full name (D5.23)',
    '1111',
    'update/4',
    { fullName: 'Jo \u2067White' },
    'fullName',
    'form.textDirection',
  ],
  ['a PIN with letters', '1111', 'update/4', { pinCode: '4a' }, 'pinCode', 'form.numeric'],
  ['a short PIN', '1111', 'update/4', { pinCode: '44' }, 'pinCode', 'form.minChars'],
  ['a long PIN', '1111', 'update/4', { pinCode: '444444' }, 'pinCode', 'form.maxChars'],
  ['a PIN taken', '1111', 'update/4', { pinCode: '2222' }, 'pinCode', 'form.unique'],
  ['a weight over 100', '1111', 'update/4', { weight: 101 }, 'weight', 'form.maxValue'],
  ['a negative weight', '1111', 'update/4', { weight: -1 }, 'weight', 'form.numeric'],
  ['a blank weight', '1111', 'update/4', { weight: '' }, 'weight', 'form.required'],
  ['an unknown team', '1111', 'update/4', { teamId: 99 }, 'teamId', 'team.unknownTeam'],
  ['a negative team id', '1111', 'update/4', { teamId: -1 }, 'teamId', 'team.unknownTeam'],
  ['a status other than 0 and 1', '1111', 'update/4', { status: 2 }, 'status', 'form.required'],
  ['a body id other than the path’s', '1111', 'update/4', { id: 5, status: 0 }, 'id', 'team.invalidValue'],
  [
    'the last manager losing access',
    '1111',
    'update/1',
    { hasSettingsAccess: false },
    'hasSettingsAccess',
    'team.noSettingsMember',
  ],
];

describe.each(databases())('manage.* field messages against the web catalogue on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target, { deps: () => ({ staffPinLimiter: roomyLimiter() }) });
    device = await insertDevice(h.database);
  });
  afterAll(() => h?.close());

  it.each(cases)(
    '%s: its message has a text in every locale',
    async (_n, pin, path, body, field, message) => {
      const r = await call(h.app, {
        method: 'POST',
        url: `/api/v1/manage/staff/${path}`,
        headers: { ...device, ...(pin === null ? {} : { 'x-staff-pin': pin }) },
        ...(body ? { payload: body } : {}),
      });
      expect(r.status).toBe(400);
      expect([10025, 10032]).toContain(r.body.error.code);
      expect(r.body.error.detail.fields).toEqual([expect.objectContaining({ field, message })]);
      expect(untranslated(r.body.error.detail.fields)).toEqual([]);
    },
  );

  it('a text that reads a value gets it: the short PIN’s {{count}} is 3', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/manage/staff/update/4',
      headers: { ...device, 'x-staff-pin': '1111' },
      payload: { pinCode: '44' },
    });
    expect(r.body.error.detail.fields).toEqual([
      { field: 'pinCode', in: 'body', message: 'form.minChars', params: { count: 3 } },
    ]);
  });
});
