import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AttentionItem,
  ERRORS,
  ErrorCodes,
  isErrorCode,
  QUEUED_RESPONSE_VERSION,
} from '@venue-voice/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installModalClosed,
  registeredDevice,
  unregisteredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { queueRequest, uploadStored } from '../device-queue';
import {
  createRequest,
  nextGuid,
  readQueue,
  startQueueTest,
  supplementRequest,
  useQueueStatusStore,
} from '../device-queue/testing';
import { groupAttention } from './attention-list';
import english from './locales/en-gb.json';

const START = 1_700_000_000_000;
const timeText = (epochMs: number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const prompt = await screen.findByRole('dialog', { name: 'Settings' });
  await user.type(within(prompt).getByLabelText('Settings passcode'), '4321');
  await user.click(within(prompt).getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

/**
 * Through the real queue and a fake server: response A's create is refused (400, 10009) and its
 * supplement waits on it; response C was recorded for branch 2 and the tablet is now at branch 1.
 */
async function twoSetAside() {
  const kit = await startQueueTest({ batch: false });
  kit.state.online = false;
  const refused = nextGuid();
  await queueRequest(createRequest(refused));
  await queueRequest(supplementRequest(refused, { permitted: true }));
  kit.state.branchId = 2;
  const moved = nextGuid();
  await queueRequest(createRequest(moved));
  kit.state.branchId = 1;
  kit.state.online = true;
  // The first call is the batch this server does not have (404), the second A's create alone.
  kit.server.fail(
    { status: 404, code: ErrorCodes.UNKNOWN_ROUTE },
    { status: 400, code: ErrorCodes.PARAMETER_VALUE_INVALID },
  );
  await uploadStored();
  expect(useQueueStatusStore.getState().attention.map((item) => item.reason)).toEqual([
    'rejected',
    'createRejected',
    'otherBranch',
  ]);
  return { ...kit, refused, moved };
}

beforeAll(warmDeviceRoutes);
beforeEach(() => {
  useQueueStatusStore.setState({ stored: 0, waiting: 0, sending: false, attention: [], lastUpload: null });
  sessionStorage.clear();
  installModalClosed();
  registeredDevice();
});
afterEach(unregisteredDevice);

describe('the needs-attention list in settings (D4.33)', () => {
  it('is hidden while nothing is set aside', async () => {
    const user = userEvent.setup();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    expect(within(settings).queryByRole('button', { name: /Needs attention/ })).not.toBeInTheDocument();
  });

  it('one row per response with time, status, code and reason; Try again sends it and it leaves the list', async () => {
    const { server, refused } = await twoSetAside();
    const user = userEvent.setup();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Needs attention (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Needs attention' });
    const rows = within(within(dialog).getByRole('list', { name: 'Needs attention' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(`Set aside ${timeText(START)}`);
    expect(first).toHaveTextContent('The server refused this survey.');
    expect(first).toHaveTextContent('Server answer: HTTP 400, code 10009: A parameter value is invalid');
    expect(first).toHaveTextContent('2 requests of this survey wait here');
    expect(second).toHaveTextContent('Not sent to the server');
    expect(second).toHaveTextContent(
      'It was recorded for another branch than the one this tablet is registered to now.',
    );
    expect(second).not.toHaveTextContent('requests of this survey');

    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Congratulations' })).toHaveTextContent(
      'All completed surveys have been uploaded.',
    );
    // Sent in its original order: the create, then the supplement with the create's id and secret.
    expect(server.rows.map((row) => row.guid)).toEqual([refused]);
    expect(server.supplements).toEqual([{ id: 1, payload: { permitted: true } }]);
    const stored = await readQueue();
    expect(stored.items).toEqual([]);
    expect(stored.attention.map((item) => item.reason)).toEqual(['otherBranch']);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(settings).getByRole('button', { name: 'Needs attention (1)' }));
    const after = await screen.findByRole('dialog', { name: 'Needs attention' });
    expect(within(after).getAllByRole('listitem')).toHaveLength(1);
    expect(within(after).getByRole('listitem')).toHaveTextContent('another branch');
  });

  it('offline, Try again puts the response back in the queue in its original order, before later ones', async () => {
    const kit = await twoSetAside();
    kit.state.online = false;
    const later = nextGuid();
    await queueRequest(createRequest(later));
    const user = userEvent.setup();
    renderApp('/staff', fakeApi());
    const settings = await openSettings(user);
    await user.click(within(settings).getByRole('button', { name: 'Needs attention (2)' }));
    const [first] = within(await screen.findByRole('dialog', { name: 'Needs attention' })).getAllByRole(
      'listitem',
    );
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Error Uploading Surveys' })).toHaveTextContent(
      'This tablet is offline.',
    );
    const stored = await readQueue();
    expect(stored.items.map((item) => [item.response, item.offlineID])).toEqual([
      [kit.refused, 1],
      [kit.refused, 2],
      [later, 4],
    ]);
    expect(stored.attention.map((item) => item.response)).toEqual([kit.moved]);
    await waitFor(() => expect(useQueueStatusStore.getState().attention).toHaveLength(1));
  });
});

describe('groupAttention', () => {
  const item = (offlineID: number, response: string, status: number | null): AttentionItem => ({
    version: QUEUED_RESPONSE_VERSION,
    offlineID,
    type: 'submit',
    response,
    branchId: 1,
    args: { payload: {}, headers: {} },
    attempts: 0,
    rev: 0,
    reason: status === null ? 'createRejected' : 'rejected',
    status,
    code: status === null ? null : 10029,
    at: START + offlineID,
  });

  it('groups by response in send order; a row describes the refused request, not one waiting on it', () => {
    const groups = groupAttention([item(5, 'b', 400), item(3, 'a', null), item(4, 'a', 401)]);
    expect(groups.map((group) => [group.response, group.items.length, group.shown.offlineID])).toEqual([
      ['a', 2, 4],
      ['b', 1, 5],
    ]);
  });
});

describe('code texts', () => {
  it('every 4xx code of the domain catalogue has a device text, in English the catalogue message', () => {
    const texts = english.attention.codes as Record<string, string>;
    const refusals = Object.entries(ERRORS).filter(([, row]) => row.status >= 400 && row.status < 500);
    expect(Object.keys(texts).sort()).toEqual(refusals.map(([code]) => code).sort());
    for (const [code, row] of refusals) expect(texts[code], code).toBe(row.message);
    expect(Object.keys(texts).every((code) => isErrorCode(Number(code)))).toBe(true);
  });
});

describe('a survey set aside shows on the staff home (D2.20, issue 26 item 13)', () => {
  it('the badge counts it with the queued ones, and the status panel has a Needs attention row', async () => {
    const { state } = await twoSetAside();
    // One more survey, kept offline: it waits to upload.
    state.online = false;
    await queueRequest(createRequest(nextGuid()));
    renderApp('/staff', fakeApi());
    const panel = await screen.findByRole('region', { name: 'App status' });
    expect(panel).toHaveTextContent('Surveys waiting to upload•1 (pending)');
    expect(panel).toHaveTextContent('Needs attention!2 surveys: open the settings to try again');
    expect(screen.getByText('3 completed surveys waiting')).toBeInTheDocument();
  });

  it('with nothing else waiting it is not “up to date” alone: the row and the badge still show it', async () => {
    const kit = await startQueueTest({ batch: false });
    kit.state.online = false;
    await queueRequest(createRequest(nextGuid()));
    kit.state.online = true;
    kit.server.fail(
      { status: 404, code: ErrorCodes.UNKNOWN_ROUTE },
      { status: 400, code: ErrorCodes.PARAMETER_VALUE_INVALID },
    );
    await uploadStored();
    renderApp('/staff', fakeApi());
    const panel = await screen.findByRole('region', { name: 'App status' });
    expect(panel).toHaveTextContent('Needs attention!1 survey: open the settings to try again');
    expect(screen.getByText('1 completed survey waiting')).toBeInTheDocument();
  });

  it('nothing on the tablet: no badge, no Needs attention row', async () => {
    await startQueueTest();
    renderApp('/staff', fakeApi());
    const panel = await screen.findByRole('region', { name: 'App status' });
    expect(panel).not.toHaveTextContent('Needs attention');
    expect(screen.queryByText(/completed surveys? waiting/)).not.toBeInTheDocument();
  });
});
