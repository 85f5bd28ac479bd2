import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { fixedClock } from '../src/lib/clock';
import { createLocalStorage, type Storage } from '../src/services/storage';
import type { TestDatabaseTarget } from './databases';
import { call, type Harness, NOW, web } from './harness';
import { create, createPayload } from './submit-fixtures';
import { tempOutbox } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';

export const UPSERT = '/api/v1/survey/upload/upsert';
export const DELETE = '/api/v1/survey/upload/delete';

export interface Part {
  name: string;
  body: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every header of every part. */
export function multipart(parts: Part[]) {
  const boundary = `----vv${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The usual two parts: json `{"kind":"photo"}` and the image as a file. */
export const photoParts = (image: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part[] => [
  { name: 'json', body: JSON.stringify({ kind: 'photo' }), contentType: 'application/json' },
  { name: 'image', body: image, filename, contentType },
];

export interface Credentials {
  id: number;
  secret: string;
}

export const responseHeaders = (c: Credentials, headers: Record<string, string> = web()) => ({
  ...headers,
  'x-response-id': String(c.id),
  'x-response-secret': c.secret,
});

export interface UploadHarness extends Harness {
  dir: string;
  storage: Storage;
  /** A new response (survey.submit create) and its credentials. */
  newResponse(): Promise<Credentials>;
  upsert(c: Credentials | null, parts: Part[], headers?: Record<string, string>): ReturnType<typeof call>;
  remove(c: Credentials | null, headers?: Record<string, string>): ReturnType<typeof call>;
  /** The photo files (not the storage's hidden metadata) stored for a response. */
  files(responseId: number): Promise<string[]>;
}

/** A seeded database, an app over it and its photos in a fresh temporary directory. */
export async function startUploadHarness(
  target: TestDatabaseTarget,
  options: { storage?: Storage } = {},
): Promise<UploadHarness> {
  const { database, drop } = await target.create({ now: NOW });
  const dir = await mkdtemp(join(tmpdir(), 'vv-uploads-'));
  const storage = options.storage ?? createLocalStorage(dir);
  const outbox = await tempOutbox();
  const app: FastifyInstance = await buildApp({
    db: database.db,
    config: { logLevel: 'silent' },
    clock: fixedClock(NOW),
    storage,
    passcodeKey: TEST_PASSCODE_KEY,
    mailer: outbox.mailer,
  });
  await app.ready();
  return {
    app,
    database,
    dir,
    storage,
    outbox,
    close: async () => {
      await app.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
      await outbox.remove();
    },
    async newResponse() {
      const r = await create(app, createPayload());
      if (r.status !== 200) throw new Error(`create failed: ${JSON.stringify(r.body)}`);
      return { id: r.body.data.id, secret: r.body.data.secret };
    },
    upsert(c, parts, headers = web()) {
      const { payload, contentType } = multipart(parts);
      return call(app, {
        method: 'POST',
        url: UPSERT,
        headers: { ...(c ? responseHeaders(c, headers) : headers), 'content-type': contentType },
        payload,
      });
    },
    remove(c, headers = web()) {
      return call(app, { method: 'POST', url: DELETE, headers: c ? responseHeaders(c, headers) : headers });
    },
    async files(responseId) {
      try {
        const names = await readdir(join(dir, 'photos', String(responseId)));
        return names.filter((n) => !n.startsWith('.')).sort();
      } catch {
        return [];
      }
    },
  };
}
