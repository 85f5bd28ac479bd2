import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatePayload, SubmitResponse, UploadAnswer } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { setLanguage } from '../../platform/i18n';
import { fileOf, HEADS } from '../../shared/photo/test-files';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp, venueConfig } from '../../test/render-app';

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

const submitted: SubmitResponse = { id: 41, secret: 's3cret', is_ai_valid: true, voucher: null };
const stored: UploadAnswer = {
  imageUrl: '/api/v1/uploads/photos/41/0123456789abcdef0123456789abcdef.jpg',
  thumbnailUrl: '/api/v1/uploads/photos/41/0123456789abcdef0123456789abcdef-thumb.jpg',
  width: 1600,
  height: 1200,
};

/** The session after the submit answered: /upload is open to the guest. */
function sentSession(changes: Partial<GuestSession> = {}): GuestSession {
  return {
    ...emptySession,
    slug: 'demo-bistro',
    config: venueConfig(),
    branchId: 1,
    createPayload: { guid: 'g' } as CreatePayload,
    submitted,
    ...changes,
  };
}

function renderUpload(api: WebApi, session = sentSession()) {
  useGuestSession.setState(session);
  return renderApp('/upload', api);
}

/** Chooses a file with "Upload file" (the hidden input behind the button). */
async function chooseFile(file: File, label = 'Upload file') {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(await screen.findByLabelText(label), file);
  return user;
}

beforeEach(async () => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
  tools.convertHeic.mockClear();
  tools.reencode.mockClear();
  // Failures are logged; the screen's own messages are what the tests read.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await setLanguage('en-gb');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/upload: choosing and sending a photo (G2, G5.20)', () => {
  it('offers the camera and the file chooser, and Skip moves on to the next step', async () => {
    const user = userEvent.setup();
    const { router } = renderUpload(fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a photo of your visit' })).toBeVisible();
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Upload file')).toHaveAttribute('accept', 'image/*,.heic,.heif');
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
  });

  it('G5.20 a file of exactly 10,000,000 bytes is refused with the spec message and nothing is sent', async () => {
    const api = fakeApi();
    renderUpload(api);
    await chooseFile(fileOf(HEADS.jpeg, 10_000_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your upload must be under 10 MB');
    expect(api.uploadPhoto).not.toHaveBeenCalled();
  });

  it('G5.20 a file one byte under the limit is sent, waits, then shows the served thumbnail', async () => {
    let answer: (value: UploadAnswer) => void = () => {};
    const uploadPhoto = vi.fn<WebApi['uploadPhoto']>(() => new Promise((resolve) => (answer = resolve)));
    const api = fakeApi({ uploadPhoto });
    renderUpload(api);
    const file = fileOf(HEADS.jpeg, 9_999_999, 'IMG_2041.JPG');
    (await screen.findByRole('button', { name: 'Upload file' })).focus();
    await chooseFile(file);

    expect(await screen.findByText('Uploading your photo…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeDisabled();
    expect(uploadPhoto).toHaveBeenCalledWith(
      'demo-bistro',
      'en-gb',
      { id: 41, secret: 's3cret' },
      file,
      'photo.jpg',
    );
    // Large photos are offered to the browser for scaling; this one "fits", so the file goes as chosen.
    expect(tools.reencode).toHaveBeenCalledWith(file, 2560, true);

    act(() => answer(stored));
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      stored.thumbnailUrl,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your photo has been added.');
    expect(useGuestSession.getState().photo).toEqual(stored);
    // The chosen button was disabled meanwhile: the keyboard focus moves on to the next step's button.
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('finds a HEIC photo by its bytes (named .jpg) and uploads the converted JPEG', async () => {
    const api = fakeApi({ uploadPhoto: async () => stored });
    renderUpload(api);
    const heic = fileOf(HEADS.heic, 2_000, 'IMG_0001.jpg', 'image/jpeg');
    await chooseFile(heic);

    await screen.findByRole('img', { name: 'Your photo' });
    expect(tools.convertHeic).toHaveBeenCalledWith(heic, 2560);
    const [, , , sent, name] = vi.mocked(api.uploadPhoto).mock.calls[0] ?? [];
    expect(await (sent as Blob).text()).toBe('converted');
    expect(name).toBe('photo.jpg');
  });

  it('a HEIC photo the converter cannot read is refused in the guest language, nothing is sent', async () => {
    tools.convertHeic.mockRejectedValueOnce(new Error('HEIF image not found'));
    const api = fakeApi();
    renderUpload(api);
    await chooseFile(fileOf(HEADS.heic, 2_000, 'IMG_0001.HEIC', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This photo could not be converted on your device. Please choose a JPEG or PNG photo.',
    );
    expect(api.uploadPhoto).not.toHaveBeenCalled();
  });

  it('an SVG is refused in the browser whatever it is called', async () => {
    const api = fakeApi();
    renderUpload(api);
    await chooseFile(fileOf(HEADS.svg, 80, 'logo.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('SVG images cannot be uploaded.');
    expect(api.uploadPhoto).not.toHaveBeenCalled();
  });
});

describe('/upload: what the server says (G8, decision 0030)', () => {
  it.each([
    ['svg', 415, 'SVG images cannot be uploaded. Please choose a photo (JPEG, PNG, WebP or GIF).'],
    ['heic', 415, 'This photo could not be converted on your device. Please choose a JPEG or PNG photo.'],
    ['notImage', 415, 'This file is not an image. Please choose a photo (JPEG, PNG, WebP or GIF).'],
    ['unreadable', 415, 'This image could not be read and may be damaged. Please choose another photo.'],
    ['tooManyPixels', 413, 'This image has too many pixels. Please choose a smaller photo.'],
    ['tooLarge', 413, 'Your upload must be under 10 MB'],
  ])('a refusal with reason %s shows its own message, with no retry', async (reason, status, text) => {
    const refusal = Object.assign(apiFailure(status, 10027), { detail: { reason } });
    renderUpload(fakeApi({ uploadPhoto: async () => Promise.reject(refusal) }));
    await chooseFile(fileOf(HEADS.png, 500, 'photo.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(useGuestSession.getState().photo).toBeNull();
  });

  it('the refusal is in the survey language (German)', async () => {
    const refusal = Object.assign(apiFailure(415, 10027), { detail: { reason: 'notImage' } });
    const api = fakeApi({ uploadPhoto: async () => Promise.reject(refusal) });
    renderUpload(api, sentSession({ config: venueConfig({ templateLocale: 'de' }) }));
    await screen.findByRole('heading', { level: 1, name: 'Fügen Sie ein Foto Ihres Besuchs hinzu' });
    await chooseFile(fileOf(HEADS.gif, 500, 'a.gif', 'image/gif'), 'Datei hochladen');
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Datei ist kein Bild.');
  });

  it('a lost connection offers a retry that sends the same prepared photo', async () => {
    const uploadPhoto = vi
      .fn<WebApi['uploadPhoto']>()
      .mockRejectedValueOnce(apiFailure(0, 0, 'Failed to fetch'))
      .mockResolvedValueOnce(stored);
    const api = fakeApi({ uploadPhoto });
    renderUpload(api);
    const user = await chooseFile(fileOf(HEADS.heic, 2_000, 'IMG.HEIC', 'image/heic'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not upload your photo. Please check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('img', { name: 'Your photo' });
    expect(uploadPhoto).toHaveBeenCalledTimes(2);
    expect(uploadPhoto.mock.calls[1]?.[3]).toBe(uploadPhoto.mock.calls[0]?.[3]);
    // Converted once: the retry does not convert again.
    expect(tools.convertHeic).toHaveBeenCalledTimes(1);
  });
});

describe('/upload: a stored photo', () => {
  it('a reload shows the photo kept in the session, with Delete and Continue', async () => {
    renderUpload(fakeApi(), sentSession({ photo: stored }));
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      stored.thumbnailUrl,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByText('A new photo replaces this one.')).toBeInTheDocument();
  });

  it('Delete removes it on the server and from the screen', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ deletePhoto: async () => {} });
    renderUpload(api, sentSession({ photo: stored }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your photo has been deleted.');
    expect(api.deletePhoto).toHaveBeenCalledWith('demo-bistro', 'en-gb', { id: 41, secret: 's3cret' });
    expect(screen.queryByRole('img', { name: 'Your photo' })).not.toBeInTheDocument();
    expect(useGuestSession.getState().photo).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });

  it('G8: a failed delete shows no error, and the photo (still stored) stays', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ deletePhoto: async () => Promise.reject(apiFailure(503, 10021)) });
    renderUpload(api, sentSession({ photo: stored }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(api.deletePhoto).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your photo' })).toBeInTheDocument();
    expect(useGuestSession.getState().photo).toEqual(stored);
  });

  it('without a submitted response the step goes to /checkout (G2.41)', async () => {
    const { router } = renderUpload(fakeApi(), sentSession({ submitted: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});
