import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGuestSession } from '../../shared/session/session-store';
import { installModalClosed, registeredDevice, unregisteredDevice } from '../../test/device';
import { fakeApi } from '../../test/render-app';
import { finishedSession, payload, renderStep, setUpStepTests } from '../checkout/testing';
import { readQueue } from './queue-db';
import { startQueueTest } from './queue-test-kit';

setUpStepTests();

// A set-up tablet (D-C's test support) with the install-app modal already closed by staff.
const registered = () => {
  registeredDevice();
  installModalClosed();
};

describe('checkout on a tablet (D4.36): the survey goes through the offline queue', () => {
  beforeEach(registered);
  afterEach(unregisteredDevice);

  it('offline: stored on the tablet first, and the guest is told it will be sent when online', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    const api = fakeApi({ submitSurvey: vi.fn() });
    renderStep('/checkout', finishedSession(), api);
    expect(
      await screen.findByText('Your feedback is saved on this tablet and will be sent when it is online.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your feedback' })).toHaveFocus();
    expect(api.submitSurvey).not.toHaveBeenCalled();
    expect(server.calls).toEqual([]);
    const queue = await readQueue();
    expect(queue.items.map((item) => item.response)).toEqual([payload.guid]);
    expect(queue.items[0]?.args.headers).toEqual({ 'X-Template-Id': '1' });
    expect(useGuestSession.getState().surveyInProgress).toBeNull();
  });

  it('online: sent through the queue, and the server’s answer is shown as in web mode', async () => {
    const { server } = await startQueueTest();
    const api = fakeApi({ submitSurvey: vi.fn() });
    renderStep('/checkout', finishedSession(), api);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' }),
    ).toBeInTheDocument();
    expect(api.submitSurvey).not.toHaveBeenCalled();
    expect(server.rows.map((row) => row.guid)).toEqual([payload.guid]);
    await waitFor(async () => expect((await readQueue()).items).toEqual([]));
    expect(useGuestSession.getState().submitted).toMatchObject({ id: 1, secret: server.rows[0]?.secret });
  });
});
