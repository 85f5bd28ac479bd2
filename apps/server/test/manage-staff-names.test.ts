import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { smallJpeg } from './security/tenants';
import { roomyLimiter } from './support/limiters';
import { multipart } from './upload-helpers';

/** Member names through manage.staff.add and update: bounded (D5.22) and free of bidi controls (D5.23). */
describe.each(databases())('team member names on $name', (target) => {
  let h: Harness;
  let manager: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target, { deps: () => ({ staffPinLimiter: roomyLimiter() }) });
    manager = { ...(await insertDevice(h.database)), 'x-staff-pin': '1111' };
  });
  afterAll(() => h?.close());

  const members = () => h.database.db.select().from(staffMembers).where(eq(staffMembers.branchId, 1));
  const post = (path: string, payload: object) =>
    call(h.app, { method: 'POST', url: `/api/v1/manage/staff/${path}`, headers: manager, payload });

  it('D5.22 a name at its limit is stored and shown to guests; one character more is refused, nothing stored', async () => {
    const before = (await members()).length;
    const tooLong = await post('add', { displayName: 'D'.repeat(51), fullName: 'F'.repeat(101) });
    expect([tooLong.status, tooLong.body.error.code]).toEqual([400, 10025]);
    expect(tooLong.body.error.detail.fields).toEqual([
      { field: 'displayName', in: 'body', message: 'form.maxChars', params: { count: 50 } },
      { field: 'fullName', in: 'body', message: 'form.maxChars', params: { count: 100 } },
    ]);
    expect((await members()).length).toBe(before);

    const atLimit = await post('add', { displayName: 'D'.repeat(50), fullName: 'F'.repeat(100) });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    const config = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=staff',
      headers: web('demo-bistro', { 'x-branch': '1' }),
    });
    expect(config.status).toBe(200);
    expect(JSON.stringify(config.body)).toContain('D'.repeat(50));
  });

  it('D5.23 a bidi control in an update leaves the member as it was; in a multipart add no member is made', async () => {
    const [sam] = (await members()).filter((m) => m.displayName === 'Sam');
    const refused = await post(`update/${sam?.id}`, {
      displayName: 'Sam\u202E',
      fullName: '\u2066Sam Green',
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(refused.body.error.detail.fields.map((f: { field: string; message: string }) => f)).toEqual([
      { field: 'displayName', in: 'body', message: 'form.textDirection' },
      { field: 'fullName', in: 'body', message: 'form.textDirection' },
    ]);
    const [after] = (await members()).filter((m) => m.id === sam?.id);
    expect([after?.displayName, after?.fullName]).toEqual([sam?.displayName, sam?.fullName]);

    const before = (await members()).length;
    const body = multipart([
      {
        name: 'json',
        body: JSON.stringify({ displayName: 'Photo\u200F', fullName: 'Photo Person' }),
        contentType: 'application/json',
      },
      { name: 'image', body: await smallJpeg(), filename: 'm.jpg', contentType: 'image/jpeg' },
    ]);
    const photo = await call(h.app, {
      method: 'POST',
      url: '/api/v1/manage/staff/add',
      headers: { ...manager, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect([photo.status, photo.body.error.code]).toEqual([400, 10025]);
    expect(photo.body.error.detail.fields).toEqual([
      { field: 'displayName', in: 'body', message: 'form.textDirection' },
    ]);
    expect((await members()).length).toBe(before);
  });
});
