import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatePayload, SubmitResponse } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { fileOf, HEADS } from '../../shared/photo/test-files';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { installModalClosed, registeredDevice, unregisteredDevice } from '../../test/device';
import { fakeApi, renderApp, venueConfig } from '../../test/render-app';
import { queueRequest, uploadStored } from '../device-queue';
import { createRequest, getPhoto, nextGuid, readQueue, startQueueTest } from '../device-queue/testing';

// The browser's image work is injected: jsdom decodes nothing, and the HEIC converter is a fake.
const tools = vi.hoisted(() => ({
  convertHeic: vi.fn(
    async (_file: Blob, _maxEdge: number) => new Blob(['converted'], { type: 'image/jpeg' }),
  ),
  reencode: vi.fn(
    async (_image: Blob, _maxEdge: number, _onlyWhenLarger: boolean): Promise<Blob | null> => null,
  ),
}));
vi.mock('../../shared/photo/browser-photo-tools', () => ({ browserPhotoTools: tools }));

/** A tablet's session at /upload: its survey saved on the tablet, or answered by the server. */
const tabletSession = (guid: string, changes: Partial<GuestSession> = {}): GuestSession => ({
  ...emptySession,
  slug: 'demo-bistro',
  config: venueConfig(),
  branchId: 1,
  createPayload: { guid } as CreatePayload,
  savedOnDevice: true,
  ...changes,
});

async function chooseFile(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(await screen.findByLabelText('Upload file'), file);
  return user;
}

/**
 * fake-indexeddb clones with Node's structuredClone, which gives back no jsdom Blob, and jsdom's FormData
 * takes only its own: a form that keeps what it is given lets the queue's upload reach the fake server.
 */
class KeepingFormData {
  private readonly fields = new Map<string, unknown>();
  append(name: string, value: unknown, fileName?: string) {
    this.fields.set(name, fileName === undefined ? value : { value, name: fileName });
  }
  get(name: string) {
    return this.fields.get(name) ?? null;
  }
}

beforeEach(async () => {
  sessionStorage.clear();
  vi.stubGlobal('FormData', KeepingFormData);
  registeredDevice();
  installModalClosed();
  // jsdom has no object URLs; the preview needs one per Blob.
  URL.createObjectURL = vi.fn(() => 'blob:tablet-photo');
  URL.revokeObjectURL = vi.fn();
  await setLanguage('en-gb');
});
afterEach(() => {
  vi.unstubAllGlobals();
  unregisteredDevice();
  useGuestSession.setState(emptySession);
});

describe('/upload on a tablet: the photo goes through the queue (G2.43, D4.36, D4.43)', () => {
  it('offline: kept on the tablet with its preview and an honest status, replaced, deleted, then sent once online', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    const api = fakeApi({ uploadPhoto: vi.fn(), deletePhoto: vi.fn() });
    useGuestSession.setState(tabletSession(guid));
    renderApp('/upload', api);

    const user = await chooseFile(fileOf(HEADS.heic, 3000, 'IMG_1.HEIC', 'image/heic'));
    expect(
      await screen.findByText('Your photo is saved on this tablet and will be sent when it is online.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      'blob:tablet-photo',
    );
    expect(tools.convertHeic).toHaveBeenCalled();
    expect(api.uploadPhoto).not.toHaveBeenCalled();
    expect((await getPhoto(guid))?.fileName).toBe('photo.jpg');

    // A second photo replaces the first in the queue (D4.43).
    await chooseFile(fileOf(HEADS.png, 2000, 'plate.png', 'image/png'));
    await waitFor(async () =>
      expect((await readQueue()).items.filter((item) => item.type === 'upload')).toHaveLength(1),
    );
    expect((await getPhoto(guid))?.fileName).toBe('photo.png');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Your photo has been removed. It will be deleted from our records when the tablet is online.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(api.deletePhoto).not.toHaveBeenCalled();
    expect((await readQueue()).items.map((item) => item.type)).toEqual(['submit', 'upload', 'deleteUpload']);

    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.uploads).toEqual([{ id: 1, name: 'photo.png' }]);
    expect(server.calls.at(-1)).toMatch(/\/upload\/delete$/);
    expect((await readQueue()).items).toEqual([]);
    expect(await getPhoto(guid)).toBeUndefined();
  });

  it('a reload shows the photo still waiting on the tablet', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    await queueRequest({ kind: 'upload', response: guid, payload: { image, fileName: 'photo.jpg' } });
    useGuestSession.setState(tabletSession(guid));
    renderApp('/upload', fakeApi());
    expect(await screen.findByRole('img', { name: 'Your photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('online after the server answered: the photo goes up through the queue with the response’s id and secret', async () => {
    const { server } = await startQueueTest();
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    await waitFor(async () => expect((await readQueue()).items).toEqual([]));
    const answered: SubmitResponse = {
      id: 1,
      secret: server.rows[0]?.secret ?? '',
      is_ai_valid: false,
      voucher: null,
    };
    const api = fakeApi({ uploadPhoto: vi.fn() });
    useGuestSession.setState(tabletSession(guid, { savedOnDevice: false, submitted: answered }));
    renderApp('/upload', api);
    await chooseFile(fileOf(HEADS.jpeg, 4000, 'dish.jpg'));
    await waitFor(() => expect(server.uploads).toEqual([{ id: 1, name: 'photo.jpg' }]));
    expect(api.uploadPhoto).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Your photo' })).toBeInTheDocument();
    await waitFor(async () => expect((await readQueue()).items).toEqual([]));
  });
});
