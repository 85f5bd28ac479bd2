import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileOf, HEADS } from '../../shared/photo/test-files';
import { fakeServer, ok } from '../../test/device';
import { fakeApi, renderApp } from '../../test/render-app';
import { alex, member, tabletWithAlex } from './team-test-support';

const actions = vi.hoisted(() => ({ downloadSettings: vi.fn() }));
vi.mock('../device', async (original) => ({
  ...(await original<typeof import('../device')>()),
  downloadSettings: actions.downloadSettings,
}));

const withPhoto = member(1, 'Zoe', { thumbnailUrl: 'http://localhost/assets/zoe.jpg' });

beforeAll(async () => {
  await import('./manage-team-screen');
});
beforeEach(() => {
  actions.downloadSettings.mockReset().mockResolvedValue({ type: 'done' });
  tabletWithAlex();
});
afterEach(() => vi.unstubAllGlobals());

/** The fake server, keeping each request's raw body (multipart bodies are FormData). */
function serverKeepingBodies() {
  fakeServer({
    '/api/v1/manage/staff/listing': () => ok({ staff: [withPhoto, alex] }),
    '/api/v1/manage/team/listing': () => ok({ items: [] }),
    '/api/v1/manage/staff/update/1': () => ok({ id: 1 }),
  });
  const inner = globalThis.fetch;
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/update/')) bodies.push(init?.body);
      return inner(input, init);
    }),
  );
  return bodies;
}

async function editZoe(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Zoe' }));
  return screen.findByRole('dialog', { name: 'Edit Zoe' });
}
async function saveWithPermission(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
  await screen.findByText('Team member saved');
}

describe('Team member photo (D2, D5)', () => {
  it('D5 a chosen photo is prepared as a guest upload and sent as multipart with the fields', async () => {
    const user = userEvent.setup();
    const bodies = serverKeepingBodies();
    renderApp('/manage_team', fakeApi());
    const form = await editZoe(user);
    expect(within(form).getByRole('img', { name: 'Team member photo' }).getAttribute('src')).toBe(
      'http://localhost/assets/zoe.jpg',
    );
    // Take photo opens the tablet's camera; Upload file its files.
    expect(within(form).getByLabelText('Take photo').getAttribute('capture')).toBe('environment');
    expect(within(form).getByLabelText('Upload file').getAttribute('capture')).toBeNull();
    await user.upload(
      within(form).getByLabelText('Take photo'),
      fileOf(HEADS.png, 2000, 'me.png', 'image/png'),
    );
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Delete photo' })).toBeTruthy());
    // Until it is saved, the preview is the chosen file (an object URL), not the saved photo.
    await waitFor(() =>
      expect(within(form).getByRole('img', { name: 'Team member photo' }).getAttribute('src')).toMatch(
        /^blob:/,
      ),
    );
    await saveWithPermission(user, form);
    const body = bodies[0] as FormData;
    expect(body).toBeInstanceOf(FormData);
    // The client decides the multipart layout (fields as parts, or one `json` part): the fields travel with it.
    const json = body.get('json');
    const fields = typeof json === 'string' ? JSON.parse(json) : Object.fromEntries(body);
    expect(fields).toMatchObject({ displayName: 'Zoe', fullName: 'Zoe Example' });
    // The guest's file name never leaves the tablet: the preparation names it.
    expect((body.get('image') as File).name).toBe('photo.png');
  });

  it('D5 a photo of 10 MB or more is refused with the spec text; an SVG with the upload feature text', async () => {
    const user = userEvent.setup();
    serverKeepingBodies();
    renderApp('/manage_team', fakeApi());
    const form = await editZoe(user);
    await user.upload(within(form).getByLabelText('Upload file'), fileOf(HEADS.jpeg, 10_000_000));
    expect(await within(form).findByText('Your upload must be under 10 MB')).toBeTruthy();
    await user.upload(
      within(form).getByLabelText('Upload file'),
      fileOf(HEADS.svg, 300, 'a.svg', 'image/svg+xml'),
    );
    expect(await within(form).findByText(/SVG images cannot be uploaded/)).toBeTruthy();
  });

  it('D5 Delete photo sends deleteImage with the fields', async () => {
    const user = userEvent.setup();
    const bodies = serverKeepingBodies();
    renderApp('/manage_team', fakeApi());
    const form = await editZoe(user);
    await user.click(within(form).getByRole('button', { name: 'Delete photo' }));
    expect(within(form).queryByRole('img', { name: 'Team member photo' })).toBeNull();
    await saveWithPermission(user, form);
    expect(JSON.parse(bodies[0] as string)).toMatchObject({ displayName: 'Zoe', deleteImage: true });
  });
});
