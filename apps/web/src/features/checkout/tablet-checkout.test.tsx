import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import {
  installModalClosed,
  registeredDevice,
  unregisteredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { fakeApi } from '../../test/render-app';
import { uploadStored } from '../device-queue';
import { nextGuid, readQueue, startQueueTest } from '../device-queue/testing';
import {
  captureConfig,
  finishedSession,
  payload,
  renderStep,
  sentSession,
  setUpStepTests,
} from './checkout-fixtures';

setUpStepTests();

beforeAll(warmDeviceRoutes);
beforeEach(() => {
  registeredDevice();
  installModalClosed();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  unregisteredDevice();
});

/** Fills the contact form with a name and the privacy consent, then sends it. */
async function giveName(name: string) {
  const user = userEvent.setup();
  await screen.findByRole('region', { name: 'Stay in touch' });
  await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  await user.click(screen.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('checkout on a tablet: contact details through the queue (G2.43, D4.38)', () => {
  it('offline: saved on the tablet, no voucher and why, the details queue behind the survey, then go up once online', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    const api = fakeApi({ submitSurvey: vi.fn(), supplement: vi.fn() });
    const { visited } = renderStep('/checkout', finishedSession({ config: captureConfig() }), api);
    expect(
      await screen.findByText('Your feedback is saved on this tablet and will be sent when it is online.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/A voucher is given only when your feedback reaches us/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your voucher' })).not.toBeInTheDocument();

    await giveName('Ann');
    // The photo step is open to a survey saved on the tablet (G2.43): no bounce back to checkout.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add a photo of your visit' }),
    ).toBeInTheDocument();
    expect(visited.at(-1)).toBe('/upload');
    expect(api.supplement).not.toHaveBeenCalled();
    expect(server.calls).toEqual([]);
    const queued = await readQueue();
    expect(queued.items.map((item) => [item.response, item.type])).toEqual([
      [payload.guid, 'submit'],
      [payload.guid, 'submit'],
    ]);
    expect(queued.items[1]?.args.payload).toMatchObject({
      type: 'supplement',
      payload: { contact: { name: 'Ann' } },
    });
    expect(useGuestSession.getState()).toMatchObject({
      savedOnDevice: true,
      contactSent: true,
      submitted: null,
    });

    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows.map((row) => row.guid)).toEqual([payload.guid]);
    expect(server.supplements).toEqual([
      { id: 1, payload: expect.objectContaining({ contact: { name: 'Ann' } }) },
    ]);
    // Sent: no contact details are left on the tablet.
    expect((await readQueue()).items).toEqual([]);
  });

  it('issue 31: a survey saved on the tablet keeps the version it was answered on, whatever the tablet holds now', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    const config = captureConfig();
    const newer = { ...config, surveys: (config.surveys ?? []).map((survey) => ({ ...survey, version: 2 })) };
    const answered = { ...payload, guid: nextGuid(), surveyVersion: 1 };
    renderStep(
      '/checkout',
      finishedSession({ config: newer, guid: answered.guid, createPayload: answered }),
      fakeApi({ submitSurvey: vi.fn() }),
    );
    await screen.findByText('Your feedback is saved on this tablet and will be sent when it is online.');
    const queued = await readQueue();
    expect(queued.items[0]?.args.payload).toMatchObject({
      type: 'create',
      payload: { guid: answered.guid, surveyVersion: 1 },
    });
  });

  it('a reload of a checkout saved on the tablet shows the same screen without storing the survey twice', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    renderStep(
      '/checkout',
      finishedSession({ config: captureConfig(), savedOnDevice: true, surveyInProgress: null }),
      fakeApi(),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' }),
    ).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Stay in touch' })).toBeInTheDocument();
    expect((await readQueue()).items).toEqual([]);
  });

  it('online: the server’s answer is shown, and the details still go through the queue with its id and secret', async () => {
    const { server } = await startQueueTest();
    const api = fakeApi({ submitSurvey: vi.fn(), supplement: vi.fn() });
    renderStep('/checkout', finishedSession({ config: captureConfig() }), api);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' }),
    ).toBeInTheDocument();
    await giveName('Bea');
    await screen.findByRole('heading', { level: 1, name: 'Add a photo of your visit' });
    await waitFor(async () => expect((await readQueue()).items).toEqual([]));
    expect(server.supplements).toEqual([
      { id: 1, payload: expect.objectContaining({ contact: { name: 'Bea' } }) },
    ]);
    expect(api.supplement).not.toHaveBeenCalled();
    expect(useGuestSession.getState()).toMatchObject({ savedOnDevice: false, contactSent: true });
  });
});

describe('the end of a tablet survey kept offline (G2.43, D4.62; issue 26 items 11, 12)', () => {
  const savedText = 'Your feedback is saved on this tablet and will be sent when it is online.';

  it('a survey without a contact form: Continue, Skip the photo, then thank-you, never back to checkout', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    const user = userEvent.setup();
    // A guid of its own: this page already holds the server's answer to the one the tests above sent.
    const own = { ...payload, guid: nextGuid() };
    const { router, visited } = renderStep('/checkout', finishedSession({ createPayload: own }), fakeApi());
    expect(await screen.findByText(savedText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Add a photo of your visit' });
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' }),
    ).toBeInTheDocument();
    // What happened to the survey, truthfully: kept on the tablet, not "sent".
    expect(screen.getByText(savedText)).toBeInTheDocument();
    expect(screen.queryByText('Your feedback has been sent.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    // It stays there: no bounce back to /checkout (the loop of issue 26 item 11).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(visited.slice(visited.indexOf('/upload'))).not.toContain('/checkout');
    expect(router.state.location.pathname).toBe('/thank-you');
  });

  it('Done returns to the start at once and clears the visit for the next guest', async () => {
    const user = userEvent.setup();
    const { router } = renderStep('/thank-you', sentSession(), fakeApi());
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro Soho' })).toBeInTheDocument();
    await waitFor(() => expect(useGuestSession.getState()).toMatchObject(emptySession));
  });

  it('without a tap it returns after the delay staff chose (default 10 s, here 5 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderStep('/thank-you', sentSession(), fakeApi());
    expect(await screen.findByText('Ready for the next guest in 10 seconds.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(screen.getByText('Ready for the next guest in 1 second.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));

    localStorage.setItem('venue-voice-thanks-return-ms', '5000');
    const again = renderStep('/thank-you', sentSession(), fakeApi());
    expect(await screen.findByText('Ready for the next guest in 5 seconds.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/staff'));
  });

  it('on the web the thank-you stays, with no Done (G2.40)', async () => {
    unregisteredDevice();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderStep('/thank-you', sentSession(), fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });
    await act(() => vi.advanceTimersByTimeAsync(70_000));
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
  });
});
