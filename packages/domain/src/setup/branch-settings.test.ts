import { describe, expect, it } from 'vitest';
import {
  type BranchSettingsContext,
  checkBranchSettings,
  ianaTimeZone,
  syncScheduleFaults,
} from './branch-settings';

const NOW = new Date('2025-06-14T18:30:00Z');
const create: BranchSettingsContext = {
  mode: 'create',
  otherNames: ['Demo Bistro Soho'],
  companySurveyIds: [1, 2],
  now: NOW,
};
const update: BranchSettingsContext = {
  ...create,
  mode: 'update',
  saved: { latitude: 51.5, longitude: -0.1 },
};

describe('branch settings (O3.5–O3.8)', () => {
  it('a create needs a name and a time zone', () => {
    expect(checkBranchSettings({}, create)).toEqual({
      ok: false,
      faults: [
        { field: 'name', key: 'form.required' },
        { field: 'timeZone', key: 'form.required' },
      ],
    });
    expect(checkBranchSettings({ name: ' Leeds ', timeZone: 'europe/london' }, create)).toEqual({
      ok: true,
      value: { name: 'Leeds', timeZone: 'Europe/London' },
    });
  });

  it.each([
    ['demo bistro soho', 'form.unique'],
    [' DEMO BISTRO SOHO ', 'form.unique'],
    ['x'.repeat(101), 'form.maxChars'],
    ['Bistro \u202eevil', 'form.textDirection'],
    ['Demo Bistro Leeds', null],
  ])('O3.5 the name %j: %s', (name, key) => {
    const result = checkBranchSettings({ name }, update);
    expect(result.ok ? null : result.faults[0]?.key).toBe(key);
  });

  it.each([
    [{ latitude: 53.8, longitude: -1.55 }, null, null],
    [{ latitude: null, longitude: null }, null, null],
    [{ latitude: 91 }, 'latitude', 'form.maxValue'],
    [{ latitude: -90.5, longitude: 0 }, 'latitude', 'form.minValue'],
    [{ longitude: 181 }, 'longitude', 'form.maxValue'],
    [{ latitude: null }, 'latitude', 'setup.positionPair'],
    [{ longitude: null }, 'longitude', 'setup.positionPair'],
    [{ latitude: Number.POSITIVE_INFINITY }, 'latitude', 'form.numeric'],
  ] as const)('O3.6 the position %j: %s %s', (position, field, key) => {
    const result = checkBranchSettings(position, update);
    expect(result.ok ? null : result.faults[0]).toEqual(
      field === null ? null : expect.objectContaining({ field, key }),
    );
  });

  it('O3.6 a create may name no position, but not half of one', () => {
    expect(checkBranchSettings({ name: 'A', timeZone: 'UTC', latitude: 1 }, create)).toEqual({
      ok: false,
      faults: [{ field: 'longitude', key: 'setup.positionPair' }],
    });
  });

  it.each([
    ['Europe/London', 'Europe/London'],
    ['europe/berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['Etc/GMT+1', 'Etc/GMT+1'],
    ['Mars/Olympus', null],
    ['+01:00', null],
    ['', null],
    ['Europe/London; drop', null],
  ])('O3.7 the time zone %j is %j', (zone, iana) => {
    expect(ianaTimeZone(zone)).toBe(iana);
  });

  it.each([
    [{ when: '20 5 * * *', spread: 1800 }, []],
    [{ when: '*/5 * * * *', spread: 0 }, []],
    [{ when: '0 */2 * * *', spread: 86_400 }, []],
    [
      { when: '*/2 * * * *', spread: 0 },
      [{ field: 'when', key: 'setup.syncTooOften', params: { minutes: 5 } }],
    ],
    [
      { when: '0,1 5 * * *', spread: 0 },
      [{ field: 'when', key: 'setup.syncTooOften', params: { minutes: 5 } }],
    ],
    [{ when: '0 0 30 2 *', spread: 0 }, [{ field: 'when', key: 'setup.syncWhen' }]],
    [{ when: '0 5 * *', spread: 0 }, [{ field: 'when', key: 'setup.syncWhen' }]],
    [{ when: '0 0 5 * * *', spread: 0 }, [{ field: 'when', key: 'setup.syncWhen' }]],
    [{ when: 'every day', spread: 0 }, [{ field: 'when', key: 'setup.syncWhen' }]],
    [{ when: '20 5 * * *', spread: -1 }, [{ field: 'spread', key: 'form.minValue', params: { n: 0 } }]],
    [
      { when: '20 5 * * *', spread: 86_401 },
      [{ field: 'spread', key: 'form.maxValue', params: { n: 86_400 } }],
    ],
    [{ when: '20 5 * * *', spread: 1.5 }, [{ field: 'spread', key: 'form.numeric' }]],
  ])('O3.8 the sync schedule %j: %j', (schedule, faults) => {
    expect(syncScheduleFaults(schedule, NOW)).toEqual(faults);
  });

  it('O3.8 a branch schedule is checked under syncSchedule, and null returns to the company’s', () => {
    expect(checkBranchSettings({ syncSchedule: { when: 'x', spread: 0 } }, update)).toEqual({
      ok: false,
      faults: [{ field: 'syncSchedule.when', key: 'setup.syncWhen' }],
    });
    expect(checkBranchSettings({ syncSchedule: null }, update)).toEqual({
      ok: true,
      value: { syncSchedule: null },
    });
  });

  it('a branch serves only its company’s surveys; the rest is taken as named', () => {
    expect(checkBranchSettings({ surveyIds: [1, 9] }, update)).toEqual({
      ok: false,
      faults: [{ field: 'surveyIds', key: 'setup.unknownSurvey', params: { id: 9 } }],
    });
    expect(
      checkBranchSettings(
        { surveyIds: [2, 2], address: '  ', enableStaffPinCodes: false, tableEntry: false, latitude: 52 },
        update,
      ),
    ).toEqual({
      ok: true,
      value: {
        surveyIds: [2],
        address: null,
        enableStaffPinCodes: false,
        tableEntry: false,
        latitude: 52,
        longitude: -0.1,
      },
    });
  });
});
