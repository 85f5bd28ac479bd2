import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_VERSION, initialToasts } from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { configureAppUpdate, useAppUpdate } from '../../platform/pwa';
import {
  applyUpdate,
  resetAppUpdateForTests,
  updateFound,
  type WaitingWorker,
} from '../../platform/pwa/app-update';
import { forgetRefreshFlagForTests, REFRESH_FLAG_KEY } from '../../platform/pwa/refresh-flag';
import { useGuestSession } from '../../shared/session/session-store';
import { ToastRegion } from '../../ui/toast-region';
import { useToasts } from '../../ui/toasts';
import { AppUpdatedBanner } from './app-updated-banner';
import { connectAppUpdates } from './connect';
import { useDeferredUpdateToast } from './deferred-toast';
import { UpdateWaitModal } from './update-wait-modal';

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
  const { canApply, apply } = useAppUpdate();
  return (
    <button type="button" disabled={!canApply} onClick={apply}>
      Update app
    </button>
  );
}

function DeferredToast() {
  useDeferredUpdateToast();
  return null;
}

function renderUpdateArea() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastRegion dismissLabel="Dismiss" />
      <UpdateButton />
      <UpdateWaitModal />
      <DeferredToast />
    </I18nextProvider>,
  );
}

let stopSending: ReturnType<typeof vi.fn<() => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  sessionStorage.clear();
  resetAppUpdateForTests();
  forgetRefreshFlagForTests();
  useGuestSession.getState().reset();
  useToasts.setState({ state: initialToasts() });
  stopSending = vi.fn<() => void>();
  reload = vi.fn<() => void>();
  connectAppUpdates({ stopSending });
  configureAppUpdate({ reload });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('app update, prompt mode (D4.50–D4.52)', () => {
  it('D4.50 the Update app button works only once a new version waits', async () => {
    renderUpdateArea();
    expect(screen.getByRole('button', { name: 'Update app' })).toBeDisabled();
    act(() => updateFound(fakeWorker().worker));
    expect(screen.getByRole('button', { name: 'Update app' })).toBeEnabled();
  });

  it('D4.51 with no survey in progress it applies at once: wait modal, sending stopped, skip waiting, one reload on control with the refresh flag', async () => {
    const user = userEvent.setup();
    const { worker, takeControl } = fakeWorker();
    renderUpdateArea();
    act(() => updateFound(worker));
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
    act(() => useGuestSession.getState().update({ surveyInProgress: 12 }));
    renderUpdateArea();
    act(() => updateFound(worker));
    await user.click(screen.getByRole('button', { name: 'Update app' }));
    expect(
      await screen.findByText('The update will be installed when the current survey ends.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stopSending).not.toHaveBeenCalled();
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    // Answers change while the survey goes on: still nothing.
    act(() => useGuestSession.getState().update({ startTime: '2026-11-22 12:00:00' }));
    expect(worker.skipWaiting).not.toHaveBeenCalled();

    act(() => useGuestSession.getState().update({ surveyInProgress: null }));
    expect(await screen.findByRole('dialog', { name: 'Updating the app…' })).toBeInTheDocument();
    await waitFor(() => expect(worker.skipWaiting).toHaveBeenCalledTimes(1));
    expect(stopSending).toHaveBeenCalledTimes(1);
    takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBe('1');
  });

  it('D4.51 a survey ending with no update asked for does nothing', () => {
    const { worker } = fakeWorker();
    act(() => useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => updateFound(worker));
    act(() => useGuestSession.getState().update({ surveyInProgress: null }));
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    expect(stopSending).not.toHaveBeenCalled();
  });
});

function renderBanner() {
  return render(
    <I18nextProvider i18n={i18n}>
      <AppUpdatedBanner />
    </I18nextProvider>,
  );
}

describe("the 'app updated' banner (D4.52, G9.2)", () => {
  const text = `The app was updated to version ${APP_VERSION}.`;

  it('D4.52 shows after the reload an update caused, and clears the flag so a later reload shows nothing', () => {
    sessionStorage.setItem(REFRESH_FLAG_KEY, '1');
    renderBanner();
    expect(screen.getByRole('region', { name: 'App update' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(sessionStorage.getItem(REFRESH_FLAG_KEY)).toBeNull();

    forgetRefreshFlagForTests(); // the next page load
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
    act(() => useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => updateFound(before.worker));
    renderUpdateArea();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update app' }));

    // The reload: a fresh page finds the same worker waiting; the survey is still in progress.
    resetAppUpdateForTests();
    connectAppUpdates({ stopSending });
    configureAppUpdate({ reload });
    const after = fakeWorker();
    act(() => updateFound(after.worker));
    expect(after.worker.skipWaiting).not.toHaveBeenCalled();
    act(() => useGuestSession.getState().update({ surveyInProgress: null }));
    await waitFor(() => expect(after.worker.skipWaiting).toHaveBeenCalledTimes(1));
    expect(before.worker.skipWaiting).not.toHaveBeenCalled();
  });

  it('D4.51 found after a reload with no survey in progress, it runs at once', async () => {
    const before = fakeWorker();
    act(() => useGuestSession.getState().update({ surveyInProgress: 12 }));
    act(() => updateFound(before.worker));
    act(() => applyUpdate());
    resetAppUpdateForTests();
    act(() => useGuestSession.getState().update({ surveyInProgress: null }));
    connectAppUpdates({ stopSending });
    configureAppUpdate({ reload });
    const after = fakeWorker();
    act(() => updateFound(after.worker));
    await waitFor(() => expect(after.worker.skipWaiting).toHaveBeenCalledTimes(1));
  });
});
