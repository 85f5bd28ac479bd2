import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_VERSION } from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import type { WaitingWorker } from '../../platform/pwa/app-update';
import { REFRESH_FLAG_KEY } from '../../platform/pwa/refresh-flag';

/**
 * A new page load: the update flow, the refresh flag, the guest session and the toasts keep their state
 * in their modules, so each load imports them afresh (session storage, kept by the test, carries over
 * a reload as in the browser).
 */
async function pageLoad() {
  vi.resetModules();
  const [pwa, update, session, toasts, region, banner, connect, deferred, modal] = await Promise.all([
    import('../../platform/pwa'),
    import('../../platform/pwa/app-update'),
    import('../../shared/session/session-store'),
    import('../../ui/toasts'),
    import('../../ui/toast-region'),
    import('./app-updated-banner'),
    import('./connect'),
    import('./deferred-toast'),
    import('./update-wait-modal'),
  ]);
  return {
    ...pwa,
    ...update,
    ...session,
    ...toasts,
    ...region,
    ...banner,
    ...connect,
    ...deferred,
    ...modal,
  };
}
let page: Awaited<ReturnType<typeof pageLoad>>;

/** A waiting worker that records what the app told it; `takeControl` is the browser's controllerchange. */
function fakeWorker() {
  const listeners: Array<() => void> = [];
  const worker: WaitingWorker = {
    skipWaiting: vi.fn(),
    onControlling: (callback) => listeners.push(callback),
  };
  // Like the real { once: true } listener: each callback hears the first change only.
  const takeControl = () => {
    for (const listener of listeners.splice(0)) listener();
  };
  return { worker, takeControl };
}

/** The parts staff and guests see while an update runs, with a button standing in for settings'. */
function UpdateButton() {
  const { canApply, apply } = page.useAppUpdate();
  return (
    <button type="button" disabled={!canApply} onClick={apply}>
      Update app
    </button>
  );
}

function DeferredToast() {
  page.useDeferredUpdateToast();
  return null;
}

function renderUpdateArea() {
  return render(
    <I18nextProvider i18n={i18n}>
      <page.ToastRegion dismissLabel="Dismiss" />
      <UpdateButton />
      <page.UpdateWaitModal />
      <DeferredToast />
    </I18nextProvider>,
  );
}

let stopSending: ReturnType<typeof vi.fn<() => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

/** Loads the page and connects its update flow to the test's effects, as the app does at start. */
async function loadConnectedPage() {
  page = await pageLoad();
  page.connectAppUpdates({ stopSending });
  page.configureAppUpdate({ reload });
}

beforeEach(async () => {
  sessionStorage.clear();
  stopSending = vi.fn<() => void>();
  reload = vi.fn<() => void>();
  await loadConnectedPage();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('app update, prompt mode (D4.50–D4.52)', () => {
  it('D4.50 the Update app button works only once a new version waits', async () => {
    renderUpdateArea();
    expect(screen.getByRole('button', { name: 'Update app' })).toBeDisabled();
    act(() => page.updateFound(fakeWorker().worker));
    expect(screen.getByRole('button', { name: 'Update app' })).toBeEnabled();
  });

  it('D4.51 with no survey in progress it applies at once: wait modal, sending stopped, skip waiting, one reload on control with the refresh flag', async () => {
    const user = userEvent.setup();
    const { worker, takeControl } = fakeWorker();
    renderUpdateArea();
    act(() => page.updateFound(worker));
    await user.click(screen.getByRole('button', { name: 'Update app' }));
    expect(await screen.findByRole('dialog', { name: 'Updating the app…' })).toBeInTheDocument();
    await waitFor(() => expect(worker.skipWaiting).toHaveBeenCalledTimes(1));
    expect(stopSending).toHaveBeenCalledTimes(1);
    expect(stopSending.mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(worker.skipWaiting).mock.invocationCallOrder[0] ?? 0,
    );
    // Behind the modal (hidden from the accessibility tree) the button is disabled too.
    expect(screen.getByText('Update app')).toBeDisabled();
    // Nothing reloads until the new worker controls the page.
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBeNull();
    takeControl();
    takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBe('1');
  });

  it('D4.51 asked for during a survey it waits (told by a toast), then applies when the survey ends', async () => {
    const user = userEvent.setup();
    const { worker, takeControl } = fakeWorker();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: 12 }));
    renderUpdateArea();
    act(() => page.updateFound(worker));
    await user.click(screen.getByRole('button', { name: 'Update app' }));
    expect(
      await screen.findByText('The update will be installed when the current survey ends.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stopSending).not.toHaveBeenCalled();
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    // Answers change while the survey goes on: still nothing.
    act(() => page.useGuestSession.getState().update({ startTime: '2026-11-22 12:00:00' }));
    expect(worker.skipWaiting).not.toHaveBeenCalled();

    act(() => page.useGuestSession.getState().update({ surveyInProgress: null }));
    expect(await screen.findByRole('dialog', { name: 'Updating the app…' })).toBeInTheDocument();
    await waitFor(() => expect(worker.skipWaiting).toHaveBeenCalledTimes(1));
    expect(stopSending).toHaveBeenCalledTimes(1);
    takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBe('1');
  });

  it('D4.51 a survey ending with no update asked for does nothing', () => {
    const { worker } = fakeWorker();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => page.updateFound(worker));
    act(() => page.useGuestSession.getState().update({ surveyInProgress: null }));
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    expect(stopSending).not.toHaveBeenCalled();
  });
});

function renderBanner() {
  return render(
    <I18nextProvider i18n={i18n}>
      <page.AppUpdatedBanner />
    </I18nextProvider>,
  );
}

describe("the 'app updated' banner (D4.52, G9.2)", () => {
  const text = `The app was updated to version ${APP_VERSION}.`;

  it('D4.52 shows after the reload an update caused, and clears the flag so a later reload shows nothing', async () => {
    sessionStorage.setItem(REFRESH_FLAG_KEY, '1');
    renderBanner();
    expect(screen.getByRole('region', { name: 'App update' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBeNull();

    await loadConnectedPage(); // the next page load
    const again = renderBanner();
    expect(again.container).toBeEmptyDOMElement();
  });

  it('G9.2 closes itself after 5000 ms', () => {
    vi.useFakeTimers();
    sessionStorage.setItem(REFRESH_FLAG_KEY, '1');
    renderBanner();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('G9.2 can be dismissed before that', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(REFRESH_FLAG_KEY, '1');
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('D4.52 shows nothing on an ordinary load', () => {
    const { container } = renderBanner();
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a deferred update across a reload of the tab (D4.51)', () => {
  it('D4.51 is asked again once the waiting worker is found, and still waits for the survey', async () => {
    const before = fakeWorker();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => page.updateFound(before.worker));
    renderUpdateArea();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update app' }));

    // The reload: a fresh page finds the same worker waiting; the survey is still in progress.
    await loadConnectedPage();
    const after = fakeWorker();
    act(() => page.updateFound(after.worker));
    expect(after.worker.skipWaiting).not.toHaveBeenCalled();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: null }));
    await waitFor(() => expect(after.worker.skipWaiting).toHaveBeenCalledTimes(1));
    expect(before.worker.skipWaiting).not.toHaveBeenCalled();
  });

  it('D4.51 found after a reload with no survey in progress, it runs at once', async () => {
    const before = fakeWorker();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => page.updateFound(before.worker));
    act(() => page.applyUpdate());
    // The tab reloads; on the new page the survey is over before the waiting worker is found.
    await loadConnectedPage();
    act(() => page.useGuestSession.getState().update({ surveyInProgress: null }));
    const after = fakeWorker();
    act(() => page.updateFound(after.worker));
    await waitFor(() => expect(after.worker.skipWaiting).toHaveBeenCalledTimes(1));
  });
});
