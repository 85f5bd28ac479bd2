import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describePlatform,
  type InstallAction,
  type InstallState,
  installInstructions,
  installReducer,
  type Platform,
} from './install';

const run = (actions: InstallAction['type'][], from: InstallState = 'waiting') =>
  actions.reduce((state, type) => installReducer(state, { type } as InstallAction), from);

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.99 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  kaios: 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
};

describe('install flow', () => {
  it('G4.76 prompt available, then accepted, gives app installed', () => {
    expect(run(['promptAvailable'])).toBe('promptAvailable');
    expect(run(['promptAvailable', 'prompt'])).toBe('prompting');
    expect(run(['promptAvailable', 'prompt', 'accepted'])).toBe('installed');
  });

  it.each([
    [['prompt'], 'waiting'],
    [['accepted'], 'waiting'],
    [['promptAvailable', 'accepted'], 'promptAvailable'],
    [['promptAvailable', 'prompt', 'dismissed'], 'waiting'],
    [['promptAvailable', 'prompt', 'dismissed', 'promptAvailable'], 'promptAvailable'],
    [['appInstalled'], 'installed'],
    [['promptAvailable', 'prompt', 'accepted', 'dismissed', 'promptAvailable'], 'installed'],
  ] as const)('G4.76 %j ends in %s', (actions, state) => {
    expect(run([...actions])).toBe(state);
  });

  it('G4.76 law: installed is final', () => {
    const type = fc.constantFrom<InstallAction['type']>(
      'promptAvailable',
      'prompt',
      'accepted',
      'dismissed',
      'appInstalled',
    );
    fc.assert(
      fc.property(fc.array(type), (actions) => {
        expect(run(actions, 'installed')).toBe('installed');
      }),
    );
  });

  it.each([
    ['desktop', { os: 'desktop', browser: 'chrome', installPromptAvailable: true }, 'unsupported'],
    [
      'Android with a prompt',
      { os: 'android', browser: 'chrome', installPromptAvailable: true },
      'installButton',
    ],
    [
      'Android Firefox with a prompt',
      { os: 'android', browser: 'other', installPromptAvailable: true },
      'installButton',
    ],
    ['iOS Chrome', { os: 'ios', browser: 'other', installPromptAvailable: false }, 'openInSafari'],
    ['iOS Safari', { os: 'ios', browser: 'safari', installPromptAvailable: false }, 'steps'],
    [
      'Android Firefox',
      { os: 'android', browser: 'other', installPromptAvailable: false },
      'openInChromeOrSamsung',
    ],
    [
      'Android Chrome, no prompt',
      { os: 'android', browser: 'chrome', installPromptAvailable: false },
      'steps',
    ],
    [
      'Samsung Internet, no prompt',
      { os: 'android', browser: 'samsung', installPromptAvailable: false },
      'steps',
    ],
    ['another mobile system', { os: 'other', browser: 'other', installPromptAvailable: false }, 'steps'],
  ] as const)('G4.77 %s gets %s', (_name, platform: Platform, instructions) => {
    expect(installInstructions(platform)).toBe(instructions);
  });

  it.each([
    ['iphoneSafari', 0, 'ios', 'safari'],
    ['iphoneChrome', 0, 'ios', 'other'],
    ['ipadOs', 5, 'ios', 'safari'],
    ['ipadOs', 0, 'desktop', 'other'],
    ['androidChrome', 5, 'android', 'chrome'],
    ['androidSamsung', 5, 'android', 'samsung'],
    ['androidFirefox', 5, 'android', 'other'],
    ['androidWebView', 5, 'android', 'other'],
    ['windowsChrome', 0, 'desktop', 'other'],
    ['kaios', 0, 'other', 'other'],
  ] as const)('G4.77 user agent %s with %i touch points is %s %s', (name, touch, os, browser) => {
    expect(describePlatform(UA[name], touch, false)).toEqual({ os, browser, installPromptAvailable: false });
  });
});
