import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import * as corpus from './fixtures/images/generate';
import { call, insertDevice, web } from './harness';
import { addOtherCompany } from './submit-fixtures';
import {
  type Credentials,
  DELETE,
  type Part,
  photoParts,
  responseHeaders,
  startUploadHarness,
  UPSERT,
  type UploadHarness,
} from './upload-helpers';

// Built before the test tables below, which hold parts made from it.
const image = await corpus.jpeg();

describe.each(databases())('survey.upload requests on $name', (target) => {
  let h: UploadHarness;
  let guest: Credentials;
  beforeAll(async () => {
    h = await startUploadHarness(target);
    await addOtherCompany(h.database.db);
    guest = await h.newResponse();
  });
  afterAll(async () => {
    await h?.close();
  });

  const json = (body: string, contentType?: string): Part => ({
    name: 'json',
    body,
    ...(contentType ? { contentType } : {}),
  });
  const file = (name = 'image', body: Buffer = image): Part => ({
    name,
    body,
    filename: 'p.jpg',
    contentType: 'image/jpeg',
  });

  describe('response credentials (401 10029)', () => {
    it.each([
      ['no response headers', () => null, web()],
      ['a wrong secret', () => ({ id: guest.id, secret: 'x'.repeat(43) }), web()],
      ['an unknown response id', () => ({ id: 999_999, secret: guest.secret }), web()],
      ['a malformed id', () => ({ id: 'abc' as unknown as number, secret: guest.secret }), web()],
      ["another company's slug", () => guest, web('other-cafe')],
    ])('%s: upsert and delete are refused, nothing stored', async (_, credentials, headers) => {
      const up = await h.upsert(credentials(), photoParts(image), headers);
      expect(up.status).toBe(401);
      expect(up.body.error.code).toBe(10029);
      const del = await h.remove(credentials(), headers);
      expect(del.status).toBe(401);
      expect(del.body.error.code).toBe(10029);
      expect(await h.files(guest.id)).toEqual([]);
    });

    it('a bad secret is refused before the body is looked at (an oversized body still answers 401)', async () => {
      const r = await h.upsert({ id: guest.id, secret: 'y'.repeat(43) }, [
        json('{}'),
        file('image', Buffer.alloc(10_000_001)),
      ]);
      expect(r.status).toBe(401);
    });
  });

  describe('missing parts (10008)', () => {
    it.each([
      ['only json', [json('{"kind":"photo"}', 'application/json')], ['image']],
      ['only image', [file()], ['json']],
      [
        'an empty image part (a form with no file chosen)',
        [json('{}'), file('image', Buffer.alloc(0))],
        ['image'],
      ],
      ['an empty json part', [json(''), file()], ['json']],
      ['no parts at all', [], ['json', 'image']],
    ])('%s', async (_, parts, missing) => {
      const r = await h.upsert(guest, parts);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10008);
      expect(r.body.error.detail.fields.map((f: { field: string }) => f.field)).toEqual(missing);
    });
  });

  describe('invalid json part (10009)', () => {
    it.each([
      ['an unknown kind', [json('{"kind":"video"}', 'application/json'), file()], 'json.kind'],
      ['a JSON array', [json('[]'), file()], 'json'],
      ['text that is not JSON', [json('not json'), file()], 'json'],
      ['broken JSON declared application/json', [json('{"kind":', 'application/json'), file()], 'json'],
      [
        'a json part over 16 KB',
        [json(JSON.stringify({ kind: 'photo', pad: 'x'.repeat(20_000) })), file()],
        'json',
      ],
      ['the json part twice', [json('{}'), json('{}')], 'json'],
      ['an unknown part', [json('{}'), file('photo')], 'photo'],
    ])('%s', async (_, parts, field) => {
      const r = await h.upsert(guest, parts);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10009);
      expect(r.body.error.detail.fields[0].field).toBe(field);
    });
  });

  it.each([
    ['a text field', json('{"kind":"photo"}')],
    ['an application/json field', json('{"kind":"photo"}', 'application/json')],
    [
      'a Blob file part (FormData.append with a Blob)',
      { name: 'json', body: '{}', filename: 'blob', contentType: 'application/json' },
    ],
  ])('the json part may come as %s, and after the image', async (_, jsonPart) => {
    const c = await h.newResponse();
    const r = await h.upsert(c, [file(), jsonPart]);
    expect(r.status).toBe(200);
  });

  it('a registered device of the same company may upload for the response (the tablet queue)', async () => {
    const c = await h.newResponse();
    const device = await insertDevice(h.database);
    expect((await h.upsert(c, photoParts(image), device)).status).toBe(200);
    expect((await h.remove(c, device)).body.data.deleted).toBe(true);
  });

  it('a JSON body instead of multipart is 400 10026', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: responseHeaders(guest),
      payload: { kind: 'photo' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('a multipart body that breaks off is 400 10026, not 500', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...responseHeaders(guest), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('multipart without a boundary is 400 10026', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...responseHeaders(guest), 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('other survey routes still refuse multipart (the plugin is registered on the upload route only)', async () => {
    const r = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: { ...web(), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc--\r\n',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10026);
  });

  it('delete accepts no body or {"kind":"photo"}, and refuses another kind with 10009', async () => {
    const ok = await call(h.app, {
      method: 'POST',
      url: DELETE,
      headers: responseHeaders(guest),
      payload: { kind: 'photo' },
    });
    expect(ok.status).toBe(200);
    const bad = await call(h.app, {
      method: 'POST',
      url: DELETE,
      headers: responseHeaders(guest),
      payload: { kind: 'video' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(10009);
  });
});
