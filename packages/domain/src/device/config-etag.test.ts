import { describe, expect, it } from 'vitest';
import type { ConfigResponse } from '../schemas';
import { configIfNoneMatch, recordConfigDownload } from './config-etag';
import { applyConfigTemp, type DeviceState, initialDeviceState, resetDeviceState } from './device-state';

const live: ConfigResponse = { surveys: [], staff: [] };
const newer: ConfigResponse = { surveys: [], staff: [], questions: [] };
const device: DeviceState = { ...initialDeviceState('uuid-1'), registered: true, token: 't', config: live };
const tagged = (etag: string, syncedAt: number, release = 'r1'): DeviceState => ({
  ...device,
  lastSynchronised: syncedAt,
  configEtag: { etag, syncedAt, release },
});

describe('conditional config download (decision 0228)', () => {
  it.each<[string, DeviceState, string | null]>([
    ['the ETag kept with the live config', tagged('W/"a"', 100), 'W/"a"'],
    ['the ETag kept with a held config (D4.6)', { ...tagged('W/"b"', 100), configTemp: newer }, 'W/"b"'],
    ['none: a state stored before ETags were kept', { ...device, lastSynchronised: 100 }, null],
    [
      'none: a state stored before, read without the field',
      { ...device, configEtag: undefined } as unknown as DeviceState,
      null,
    ],
    [
      'none: the config was replaced by a release that kept no ETag',
      { ...tagged('W/"a"', 100), lastSynchronised: 200 },
      null,
    ],
    ['none: no config held at all', { ...tagged('W/"a"', 100), config: null }, null],
  ])('D4.67 If-None-Match: %s', (_name, state, expected) => {
    expect(configIfNoneMatch(state, 'r1')).toBe(expected);
  });

  it('D4.67 a new release downloads whole once, then sends the ETag it kept', () => {
    const before = tagged('W/"a"', 100, 'r1');
    expect(configIfNoneMatch(before, 'r2')).toBeNull();
    const after = recordConfigDownload(before, { type: 'changed', data: live, etag: 'W/"a"' }, 300, 'r2');
    expect(configIfNoneMatch(after, 'r2')).toBe('W/"a"');
  });

  it('D4.67 a reset (D4.1) forgets the ETag with the config', () => {
    expect(configIfNoneMatch(resetDeviceState(tagged('W/"a"', 100)), 'r1')).toBeNull();
  });

  it('D4.68 a changed config is held with its ETag and the time; live goes only through D4.6', () => {
    const state = recordConfigDownload(
      tagged('W/"a"', 100),
      { type: 'changed', data: newer, etag: 'W/"c"' },
      500,
      'r1',
    );
    expect(state.config).toBe(live);
    expect(state.configTemp).toBe(newer);
    expect(state.lastSynchronised).toBe(500);
    expect(state.configEtag).toEqual({ etag: 'W/"c"', syncedAt: 500, release: 'r1' });
    const applied = applyConfigTemp(state, false);
    expect(applied.config).toBe(newer);
    expect(configIfNoneMatch(applied, 'r1')).toBe('W/"c"');
  });

  it('D4.68 not modified keeps both configs as they are, and counts as synchronised now', () => {
    const held = { ...tagged('W/"b"', 100), configTemp: newer };
    const state = recordConfigDownload(held, { type: 'notModified', etag: 'W/"b"' }, 700, 'r1');
    expect(state).toEqual({
      ...held,
      lastSynchronised: 700,
      configEtag: { etag: 'W/"b"', syncedAt: 700, release: 'r1' },
    });
    expect(configIfNoneMatch(state, 'r1')).toBe('W/"b"');
  });

  it('D4.68 a changed config without an ETag (a proxy dropped it) leaves none, so the next one downloads whole', () => {
    const state = recordConfigDownload(
      tagged('W/"a"', 100),
      { type: 'changed', data: newer, etag: null },
      500,
      'r1',
    );
    expect(state.configTemp).toBe(newer);
    expect(state.configEtag).toBeNull();
    expect(configIfNoneMatch(state, 'r1')).toBeNull();
  });
});
