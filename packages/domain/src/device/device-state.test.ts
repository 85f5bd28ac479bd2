import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { UpdateState } from '../enums';
import type { ConfigResponse } from '../schemas';
import {
  afterSurveyDownload,
  applyConfigTemp,
  DEVICE_RESET_KEEPS,
  type DeviceState,
  holdDownloadedConfig,
  initialDeviceState,
  isDeviceResetAnswer,
  languageOfConfig,
  resetDeviceState,
  staleThumbnails,
} from './device-state';

const surveys = DEMO_SURVEYS.map((demo) => demo.definition);
const registered: DeviceState = {
  ...initialDeviceState('uuid-1', false),
  companyKey: 'demo',
  branchId: 1,
  deviceId: 'tablet-1',
  token: 'token',
  registered: true,
  setupComplete: true,
  loggedInMember: 4,
  defaultTemplate: 2,
  nextSync: 99,
  updateState: { config: UpdateState.DONE, surveys: UpdateState.DONE, menu: UpdateState.PENDING },
};

describe('device state', () => {
  it('D4.1 a reset keeps only connectivity and the device uuid', () => {
    expect(DEVICE_RESET_KEEPS).toEqual(['hasConnectivity', 'uuid']);
    expect(resetDeviceState(registered)).toEqual(initialDeviceState('uuid-1', false));
  });

  it('D4.1 whatever the state, a reset is a fresh device with the same uuid and connectivity (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.boolean(),
        fc.record({ deviceId: fc.string(), setupComplete: fc.boolean(), defaultTemplate: fc.nat() }),
        (uuid, online, patch) => {
          const state = { ...initialDeviceState(uuid, online), ...patch };
          const reset = resetDeviceState(state);
          expect(reset).toEqual(initialDeviceState(uuid, online));
        },
      ),
    );
  });

  it.each([
    [401, 10005, 'app', '/staff', true],
    [401, 10030, 'app', '/questions', true],
    [401, 10005, 'app', '/register', false],
    [401, 10029, 'app', '/staff', false],
    [401, 10018, 'app', '/staff', false],
    [401, null, 'app', '/staff', false],
    [401, 10005, 'web', '/staff', false],
    [403, 10005, 'app', '/staff', false],
    [500, null, 'app', '/staff', false],
  ] as const)(
    'D4.1 status %i code %s in %s mode on %s resets the device: %s',
    (status, code, authType, path, reset) => {
      expect(isDeviceResetAnswer({ status, code, authType, path })).toBe(reset);
    },
  );

  it('D4.6 a downloaded config waits while a survey is in progress, then goes live', () => {
    const config: ConfigResponse = { surveys };
    const held = holdDownloadedConfig(registered, config);
    expect(held.configTemp).toBe(config);
    expect(held.config).toBeNull();
    expect(applyConfigTemp(held, true)).toBe(held);
    const live = applyConfigTemp(held, false);
    expect(live.config).toBe(config);
    expect(live.configTemp).toBeNull();
    expect(applyConfigTemp(live, false)).toBe(live);
  });

  it('D4.6 applying a config also takes its branch and staff, keeping the old ones when it has none', () => {
    const staff = [{ id: 1 } as DeviceState['cachedStaff'][number]];
    const withStaff = applyConfigTemp({ ...registered, configTemp: { staff } }, false);
    expect(withStaff.cachedStaff).toBe(staff);
    expect(applyConfigTemp({ ...withStaff, configTemp: {} }, false).cachedStaff).toBe(staff);
  });

  it.each<[string, ConfigResponse, string]>([
    [
      'the first survey’s template locale',
      { surveys: [{ ...surveys[0], templateLocale: 'de' } as never] },
      'de',
    ],
    ['en-gb when there are no surveys', { surveys: [] }, 'en-gb'],
    ['en-gb when the config has no surveys edge', {}, 'en-gb'],
  ])('D4.7 applying sets the language to %s', (_name, config, language) => {
    expect(languageOfConfig(config)).toBe(language);
    expect(applyConfigTemp({ ...registered, language: 'it', configTemp: config }, false).language).toBe(
      language,
    );
  });

  it.each([
    ['zero surveys: default 0, done', [], 5, { defaultTemplate: 0, next: 'done' }],
    ['default set and present: done', [{ templateId: 5 }], 5, { defaultTemplate: 5, next: 'done' }],
    ['no default set: done', [{ templateId: 5 }], 0, { defaultTemplate: 0, next: 'done' }],
    [
      'default set but missing: chooser',
      [{ templateId: 6 }],
      5,
      { defaultTemplate: 5, next: 'chooseDefault' },
    ],
  ])('D2.7 D2.8 after a survey download, %s', (_name, list, current, expected) => {
    expect(afterSurveyDownload(list, current)).toEqual(expected);
  });

  it('D4.8 cached staff thumbnails no member uses any more are removed', () => {
    const cached = ['/t/1.jpg', '/t/2.jpg', '/t/3.jpg'];
    const staff = [{ thumbnailUrl: '/t/2.jpg' }, { thumbnailUrl: null }, { thumbnailUrl: '/t/9.jpg' }];
    expect(staleThumbnails(cached, staff)).toEqual(['/t/1.jpg', '/t/3.jpg']);
    expect(staleThumbnails([], staff)).toEqual([]);
  });
});
