import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';

type Seen = { url: string; init: RequestInit };
const answering = (data: unknown, seen: Seen[]) =>
  (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify({ data }), { status: 200 });
  }) as unknown as typeof fetch;

const api = (data: unknown, seen: Seen[]) =>
  createApiClient({
    baseUrl: 'http://x',
    authType: 'app',
    clientId: 'venue-voice-web/0.8.16',
    device: { deviceId: 'tab-1', token: 'tok' },
    fetch: answering(data, seen),
  });
const actor = { staffPin: '1111' };
const input = {
  displayName: 'Nia',
  fullName: 'Nia Brook',
  pinCode: null,
  weight: 50,
  teamId: 0,
  status: 1,
  hasSettingsAccess: false,
};

describe('client: manage calls (D7, decision 0110)', () => {
  it('every call carries the device token and the acting member’s PIN as X-Staff-Pin', async () => {
    const seen: Seen[] = [];
    const items = [{ id: 0, name: 'None', status: 1 }];
    expect(await api({ items }, seen).manage.listTeams(actor)).toEqual(items);
    expect(seen[0]?.url).toBe('http://x/api/v1/manage/team/listing');
    expect(seen[0]?.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Staff-Pin': '1111' });
  });

  it('update puts the id in the path, not the body; the status toggle sends only id and status', async () => {
    const seen: Seen[] = [];
    const client = api({ id: 7 }, seen);
    expect(await client.manage.updateStaff(7, input, actor)).toEqual({ id: 7 });
    expect(seen[0]?.url).toBe('http://x/api/v1/manage/staff/update/7');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual(input);
    await client.manage.setStaffStatus(7, 0, actor);
    expect(JSON.parse(String(seen[1]?.init.body))).toEqual({ id: 7, status: 0 });
    await client.manage.deleteStaff(7, actor);
    expect([seen[2]?.url, seen[2]?.init.method, seen[2]?.init.body]).toEqual([
      'http://x/api/v1/manage/staff/delete/7',
      'POST',
      undefined,
    ]);
  });

  it('with a photo, add sends multipart: a json part with the fields and the image part', async () => {
    const seen: Seen[] = [];
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    expect(await api({ id: 9 }, seen).manage.addStaff({ ...input, image }, actor)).toEqual({ id: 9 });
    const form = seen[0]?.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('json')))).toEqual(input);
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(seen[0]?.init.headers).not.toHaveProperty('Content-Type');
  });
});
