import { beforeEach, describe, expect, it, vi } from 'vitest';
import manifestText from '../../../public/manifest.webmanifest?raw';
import { APK_FLAG_KEY, runMode } from './run-mode';

/** A window as runMode reads it: referrer, display modes, iOS's navigator.standalone, session storage. */
function fakeWindow(options: { referrer?: string; modes?: string[]; iosStandalone?: boolean } = {}) {
  return {
    document: { referrer: options.referrer ?? '' },
    matchMedia: (query: string) => ({
      matches: (options.modes ?? []).some((mode) => query === `(display-mode: ${mode})`),
    }),
    navigator: { standalone: options.iosStandalone },
    sessionStorage,
  } as unknown as Window;
}

beforeEach(() => sessionStorage.clear());

describe('runMode (device-mode §2 status modal, §9; decision 0089)', () => {
  it.each([
    ['a browser tab', {}, { mode: 'web', standalone: false, apk: false }],
    ['the installed web app', { modes: ['standalone'] }, { mode: 'pwa', standalone: true, apk: false }],
    ['full screen', { modes: ['fullscreen'] }, { mode: 'pwa', standalone: true, apk: false }],
    ['iOS home screen', { iosStandalone: true }, { mode: 'pwa', standalone: true, apk: false }],
    [
      'the Android package (TWA referrer)',
      { referrer: 'android-app://com.venuevoice.tablet/', modes: ['standalone'] },
      { mode: 'apk', standalone: true, apk: true },
    ],
  ])('%s', (_name, options, expected) => {
    expect(runMode(fakeWindow(options))).toEqual(expected);
  });

  it('the Android package is remembered for the tab: a reload (no referrer) still says apk', () => {
    runMode(fakeWindow({ referrer: 'android-app://com.venuevoice.tablet/' }));
    expect(sessionStorage.getItem(APK_FLAG_KEY)).toBe('1');
    expect(runMode(fakeWindow({ modes: ['standalone'] })).mode).toBe('apk');
  });

  it('a web page as referrer is no package', () => {
    expect(runMode(fakeWindow({ referrer: 'https://example.com/android-app://' })).mode).toBe('web');
  });
});

/** A service-worker container and registration as the browser reports them. */
function fakeRegistration(options: { controller: boolean; waiting?: boolean }) {
  const registration = new EventTarget() as EventTarget & {
    waiting: ServiceWorker | null;
    installing: (EventTarget & { state: string; postMessage: ReturnType<typeof vi.fn> }) | null;
  };
  const worker = () => Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
  registration.waiting = options.waiting ? (worker() as unknown as ServiceWorker) : null;
  registration.installing = null;
  const container = Object.assign(new EventTarget(), {
    controller: options.controller ? {} : null,
  }) as unknown as ServiceWorkerContainer;
  const install = () => {
    const installing = worker();
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    return installing;
  };
  return { registration: registration as unknown as ServiceWorkerRegistration, container, install };
}

/** A new page load: the update flow's state is the module's, so each test imports it afresh. */
async function pageLoad() {
  vi.resetModules();
  const [{ applyUpdate, readAppUpdate }, { watchForWaiting }] = await Promise.all([
    import('./app-update'),
    import('./register'),
  ]);
  return { applyUpdate, watchForWaiting, ready: () => readAppUpdate().ready };
}

describe('service worker registration: what counts as an update (D4.50)', () => {
  let page: Awaited<ReturnType<typeof pageLoad>>;
  beforeEach(async () => {
    page = await pageLoad();
  });

  it('an update that installs while the page is controlled waits and is offered', async () => {
    const { registration, container, install } = fakeRegistration({ controller: true });
    page.watchForWaiting(container, registration);
    expect(page.ready()).toBe(false);
    const installing = install();
    expect(page.ready()).toBe(true);
    page.applyUpdate();
    await vi.waitFor(() => expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
  });

  it('a worker already waiting when the page opens is offered at once', () => {
    const { registration, container } = fakeRegistration({ controller: true, waiting: true });
    page.watchForWaiting(container, registration);
    expect(page.ready()).toBe(true);
  });

  it('the first install (no controller yet) is no update', () => {
    const { registration, container, install } = fakeRegistration({ controller: false });
    page.watchForWaiting(container, registration);
    install();
    expect(page.ready()).toBe(false);
  });
});

describe('the web app manifest (installable in Chrome)', () => {
  it('names the app, starts at / standalone, with 192 and 512 icons for any and maskable use', () => {
    const manifest = JSON.parse(manifestText);
    expect(manifest).toMatchObject({
      name: 'Venue Voice',
      short_name: 'Venue Voice',
      start_url: '/',
      display: 'standalone',
    });
    const icons = manifest.icons as Array<{ sizes: string; purpose?: string; type: string }>;
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(
          icons.some((icon) => icon.sizes === size && icon.purpose === purpose && icon.type === 'image/png'),
        ).toBe(true);
      }
    }
  });
});
