import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { PinType } from '@venue-voice/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { deviceConfig, registeredDevice, unregisteredDevice } from '../../test/device';
import { fakeApi, testSurvey } from '../../test/render-app';
import { isOfflineLookup, withDeviceCopy } from './device-web-api';
import { closeMenuDb } from './menu-db';
import { refreshQueriesOnSync } from './query-freshness';

const terrace = testSurvey({ templateId: 2, slug: 'demo-terrace', name: 'Demo Terrace' });
const lookup = { branchId: 1, templateId: 1, date: 'now', pinType: PinType.PIN, pin: '123466' };

afterEach(() => closeMenuDb());

describe('the app-mode reads (issue 6 item 6)', () => {
  it('on the web every call goes to the API as before', async () => {
    unregisteredDevice();
    const surveyConfig = vi.fn(async () => ({ surveys: [] }));
    const surveyStaff = vi.fn(async () => []);
    const menuProducts = vi.fn(async () => []);
    const api = withDeviceCopy(fakeApi({ surveyConfig, surveyStaff, menuProducts }));
    await api.surveyConfig('demo-bistro', 'en-gb');
    await api.surveyStaff('demo-bistro', 'en-gb', 1);
    await api.menuProducts('demo-bistro', 'en-gb', {});
    expect([surveyConfig, surveyStaff, menuProducts].map((call) => call.mock.calls.length)).toEqual([
      1, 1, 1,
    ]);
  });

  it("a tablet's venue setup is its live config for the survey's slug, without the staff PIN codes", async () => {
    registeredDevice({ config: deviceConfig([testSurvey(), terrace]) });
    const api = withDeviceCopy(fakeApi());
    const config = await api.surveyConfig('demo-terrace', 'en-gb');
    expect(config.surveys?.map((survey) => survey.templateId)).toEqual([2]);
    expect('staff' in config).toBe(false);
    expect((await api.surveyBranches('demo-terrace', 'en-gb')).map((branch) => branch.id)).toEqual([1]);
  });

  it('online, a tablet looks the receipt up on the server; offline it is an offline lookup', async () => {
    registeredDevice();
    const surveyTransaction = vi.fn(async () => ({
      pin: null,
      transaction: null,
      transactionRef: null,
      branch: null,
    }));
    const api = withDeviceCopy(fakeApi({ surveyTransaction } as never));
    await api.surveyTransaction('demo-bistro', 'en-gb', lookup);
    expect(surveyTransaction).toHaveBeenCalledTimes(1);
    useDevice.getState().change((state) => ({ ...state, hasConnectivity: false }));
    const offline = await api
      .surveyTransaction('demo-bistro', 'en-gb', lookup)
      .catch((error: unknown) => error);
    expect(isOfflineLookup(offline)).toBe(true);
    expect(surveyTransaction).toHaveBeenCalledTimes(1);
  });

  it('a tablet without a menu copy yet asks the API (the download may have failed)', async () => {
    await closeMenuDb('device-web-api-empty');
    registeredDevice();
    const menuProducts = vi.fn(async () => []);
    await withDeviceCopy(fakeApi({ menuProducts })).menuProducts('demo-bistro', 'en-gb', { text: 'stea' });
    expect(menuProducts).toHaveBeenCalledTimes(1);
  });
});

describe('issue 6 item 4: staff changes reach the screens after a sync', () => {
  it('new cached staff or a new menu refetch the answers the screens hold', () => {
    registeredDevice();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = refreshQueriesOnSync(queryClient);
    useDevice.getState().change((state) => ({ ...state, language: 'de' }));
    expect(invalidate).not.toHaveBeenCalled();
    useDevice.getState().change((state) => ({ ...state, cachedStaff: [] }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['staff'],
      ['sharing', 'team'],
    ]);
    useDevice.getState().change((state) => ({ ...state, menuItemsLastUpdated: 5 }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['menu-products'] });
    stop();
  });
});
