import { resetDeviceState } from '@venue-voice/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDevice } from '../../platform/device-session';
import { registeredDevice, unregisteredDevice } from '../../test/device';
import { APP_MODE_HINT_KEY, followAppMode, mayBeTablet, restartIfTablet } from './app-mode-hint';

/** A window as main.tsx sees it: its storage, its display mode and a reload to count. */
function page({ standalone = false, storage = new Map<string, string>(), refuse = false } = {}) {
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new DOMException('full', 'QuotaExceededError');
      storage.set(key, value);
    },
  };
  const reload = vi.fn();
  const target = {
    localStorage,
    sessionStorage: { getItem: () => null, setItem: () => undefined },
    document: { referrer: '' },
    navigator: {},
    matchMedia: (query: string) => ({ matches: standalone && query.includes('standalone') }),
    location: { reload },
  } as unknown as Window;
  return { target, storage, reload };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('who waits for the stored device before the first screen', () => {
  it("a guest's browser tab without a hint renders at once", () => {
    expect(mayBeTablet(page().target)).toBe(false);
  });

  it('a browser tab that was in app mode when it last ran waits', () => {
    expect(mayBeTablet(page({ storage: new Map([[APP_MODE_HINT_KEY, '1']]) }).target)).toBe(true);
    expect(mayBeTablet(page({ storage: new Map([[APP_MODE_HINT_KEY, '0']]) }).target)).toBe(false);
  });

  it('the installed app waits, hint or not (a tablet registered before the hint existed)', () => {
    expect(mayBeTablet(page({ standalone: true }).target)).toBe(true);
  });

  it('local storage that cannot be read waits', () => {
    const target = {
      ...page().target,
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Window;
    expect(mayBeTablet(target)).toBe(true);
  });
});

describe('the hint follows app mode', () => {
  it('a registration sets it and a reset (D4.1) clears it', () => {
    unregisteredDevice();
    const { target, storage } = page();
    stop = followAppMode(target);
    expect(storage.get(APP_MODE_HINT_KEY)).toBe('0');
    registeredDevice();
    expect(storage.get(APP_MODE_HINT_KEY)).toBe('1');
    expect(mayBeTablet(target)).toBe(true);
    useDevice.getState().change(resetDeviceState);
    expect(storage.get(APP_MODE_HINT_KEY)).toBe('0');
    expect(mayBeTablet(target)).toBe(false);
  });
});

describe('a start that did not wait', () => {
  it('a tablet found in IndexedDB without a hint starts again, now waiting', () => {
    registeredDevice();
    const { target, reload } = page();
    stop = followAppMode(target);
    expect(restartIfTablet(target)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(mayBeTablet(target)).toBe(true);
  });

  it("a guest's browser is not reloaded", () => {
    unregisteredDevice();
    const { target, reload } = page();
    stop = followAppMode(target);
    expect(restartIfTablet(target)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('storage that refuses the hint is not reloaded (it would reload for ever)', () => {
    registeredDevice();
    const { target, reload } = page({ refuse: true });
    stop = followAppMode(target);
    expect(restartIfTablet(target)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
