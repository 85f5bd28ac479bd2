import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PinResult } from '../messages';
import type { Branch } from '../schemas/branch';
import type { PinLookup } from '../schemas/transaction';
import {
  branchForSlug,
  type CheckinState,
  checkinForTransactionFetch,
  checkinVisitDateTime,
  newCheckinState,
  pinLookupOutcome,
  SETUP_RESET_SLICES,
  setupResetSlices,
  storedBranch,
  UUID_PATTERN,
} from './checkin-state';

const GUID = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';
const now = new Date(Date.UTC(2025, 5, 10, 14, 30, 15));
const branch = (id: number): Branch => ({
  id,
  name: `Branch ${id}`,
  locationId: null,
  siteId: null,
  hashCode: null,
  enableStaffPinCodes: false,
  latitude: null,
  longitude: null,
  address: null,
});
const lookup = (over: Partial<PinLookup> = {}): PinLookup => ({
  pinCode: '123456',
  validData: true,
  dateTime: '2025-06-10 13:00:00',
  sourceType: null,
  error: null,
  ...over,
});
const fresh = (over: Partial<CheckinState> = {}): CheckinState => ({
  ...newCheckinState({ guid: GUID, now, timeZone: 'UTC', urlParams: { slug: 'demo', pveQueueId: 'q1' } }),
  ...over,
});

describe('G4 check-in state', () => {
  it('G4.80 each setup resets answers, errors, check-in, products, questions, responses and theme', () => {
    expect(setupResetSlices('app')).toEqual([
      'answers',
      'errors',
      'checkin',
      'products',
      'questions',
      'responses',
      'theme',
    ]);
  });

  it('G4.80 the web also resets its config; a device keeps its download for offline use', () => {
    expect(setupResetSlices('web')).toEqual([...SETUP_RESET_SLICES, 'config']);
    expect(setupResetSlices('app')).not.toContain('config');
  });

  it('G4.81 a new check-in has found nothing and holds the guid it was given', () => {
    expect(newCheckinState({ guid: GUID, now, timeZone: 'Europe/London' })).toEqual({
      branches: [],
      visitDetails: { datetime: null },
      eposData: { pin: null, transaction: null, branch: null, pveQueueId: null },
      transactionRef: null,
      urlParams: {},
      tableNumber: null,
      nonAppStaff: [],
      voucher: null,
      fetchedSlug: null,
      guid: GUID,
      startTime: '2025-06-10 15:30:15',
    });
  });

  it('G4.81 the slug and PVE queue come from the kept parameters; an explicit slug wins', () => {
    const state = fresh();
    expect(state.fetchedSlug).toBe('demo');
    expect(state.eposData.pveQueueId).toBe('q1');
    expect(newCheckinState({ guid: GUID, now, slug: 'other', urlParams: { slug: 'demo' } }).fetchedSlug).toBe(
      'other',
    );
  });

  it.each(['', 'not-a-uuid', '3f1c2a9e8b7d4c6e9f102a3b4c5d6e7f'])(
    'G4.81 a guid that is not a UUID is a bug: %j',
    (guid) => {
      expect(() => newCheckinState({ guid, now })).toThrow(TypeError);
    },
  );

  it.each([
    GUID,
    GUID.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '3f1c2a9e-8b7d-0c6e-9f10-2a3b4c5d6e7f', // version 0
    '3f1c2a9e-8b7d-9c6e-9f10-2a3b4c5d6e7f', // version 9
    '3f1c2a9e-8b7d-4c6e-cf10-2a3b4c5d6e7f', // variant 110x
    '3f1c2a9e-8b7d-4c6e-7f10-2a3b4c5d6e7f', // variant 0xxx
    '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7', // one digit short
    '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7g',
    ` ${GUID}`,
    `${GUID}\n`,
    '',
    'not-a-uuid',
  ])('G4.81 the guid check agrees with z.uuid(): %j', (guid) => {
    const valid = z.uuid().safeParse(guid).success;
    expect(UUID_PATTERN.test(guid)).toBe(valid);
    if (valid) expect(newCheckinState({ guid, now }).guid).toBe(guid);
    else expect(() => newCheckinState({ guid, now })).toThrow(TypeError);
  });

  it('G4.82 startTime is the wall clock of now in the given zone', () => {
    expect(fresh().startTime).toBe('2025-06-10 14:30:15');
  });

  it('G4.83 a transaction fetch with an error present clears what earlier lookups found', () => {
    const found = fresh({
      eposData: {
        pin: lookup({ validData: false, error: 'INVALID-PIN' }),
        transaction: null,
        branch: branch(1),
        pveQueueId: 'q1',
      },
      transactionRef: '42',
      tableNumber: '12',
      visitDetails: { datetime: '2025-06-10 12:00:00' },
    });
    const reset = checkinForTransactionFetch(found, true);
    expect(reset.eposData).toEqual({ pin: null, transaction: null, branch: null, pveQueueId: 'q1' });
    expect(reset.transactionRef).toBeNull();
    expect({ ...reset, eposData: found.eposData, transactionRef: found.transactionRef }).toEqual(found);
  });

  it('G4.83 without an error the check-in is left as it is', () => {
    const found = fresh({ transactionRef: '42' });
    expect(checkinForTransactionFetch(found, false)).toBe(found);
  });

  it.each<[PinLookup | null | undefined, PinResult]>([
    [null, 'INVALID-PIN'],
    [undefined, 'INVALID-PIN'],
    [lookup({ validData: false, error: null }), 'INVALID-PIN'],
    [lookup({ validData: true, error: 'NO-BRANCH' }), 'NO-BRANCH'],
    ...PinResult.map((result): [PinLookup, PinResult] => [
      lookup({ validData: false, error: result }),
      result,
    ]),
  ])('G4.88 a lookup without a usable result fails, by default INVALID-PIN: %j', (value, result) => {
    expect(pinLookupOutcome(value)).toEqual({ ok: false, result });
  });

  it('G4.88 valid data without an error is found', () => {
    const found = lookup();
    expect(pinLookupOutcome(found)).toEqual({ ok: true, lookup: found });
  });

  it.each([
    [[branch(1), branch(2)], '2', { ok: true, branch: branch(2) }],
    [[branch(1), branch(2)], ' 1 ', { ok: true, branch: branch(1) }],
    [[branch(1), branch(2)], '3', { ok: false, error: 'badSlug' }],
    [[branch(1)], undefined, { ok: true, branch: branch(1) }],
    [[branch(1), branch(2)], undefined, { ok: true, branch: null }],
    [[], undefined, { ok: false, error: 'badSlug' }],
    [[], '1', { ok: false, error: 'badSlug' }],
  ])('G2.39 the branch of a slug: %j with branchId %j', (branches, branchId, expected) => {
    expect(branchForSlug(branches, branchId)).toEqual(expected);
  });

  it('G2.39 the stored branch is the lookup’s, else the one chosen for the slug', () => {
    expect(storedBranch(fresh())).toBeNull();
    expect(storedBranch(fresh({ branches: [branch(1), branch(2)] }))).toBeNull();
    expect(storedBranch(fresh({ branches: [branch(1)] }))).toEqual(branch(1));
    const both = fresh({ branches: [branch(1)], eposData: { ...fresh().eposData, branch: branch(2) } });
    expect(storedBranch(both)).toEqual(branch(2));
  });

  it.each([
    ['the guest’s entry first', { visitDetails: { datetime: '2025-06-10 11:00:00' } }, '2025-06-10 11:00:00'],
    [
      'then the lookup’s',
      { eposData: { pin: lookup(), transaction: null, branch: null, pveQueueId: null } },
      '2025-06-10 13:00:00',
    ],
    ['then the dateTime parameter', { urlParams: { dateTime: '10-06-2025 09:30' } }, '2025-06-10 09:30:00'],
    [
      'noVisit before all',
      { urlParams: { noVisit: '' }, visitDetails: { datetime: '2025-06-10 11:00:00' } },
      '2025-06-10 14:30:15',
    ],
    ['inBranch without a date', { urlParams: { inBranch: '1' } }, '2025-06-10 14:00:15'],
    ['inBranch=0 is off', { urlParams: { inBranch: '0' } }, null],
    ['nothing', {}, null],
  ] as const)('G4.87 the check-in visit: %s', (_, over, expected) => {
    expect(checkinVisitDateTime(fresh(over as Partial<CheckinState>), 30, now, 'UTC')).toBe(expected);
  });
});
