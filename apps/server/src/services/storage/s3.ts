import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type Storage, StorageError, StorageKeyError, type StoredObject } from './types';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Each segment percent-encoded as S3 expects in a path (RFC 3986 unreserved characters kept). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

/**
 * An S3-compatible bucket (AWS, MinIO, R2, s3rver…) signed with SigV4 over fetch. Path-style URLs
 * (`endpoint/bucket/key`) because most self-hosted servers do not route virtual-host buckets.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    // A couple of quick retries for a 5xx; callers decide what a lasting failure means.
    retries: 2,
    initRetryMs: 50,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    assertStorageKey(key);
    return `${base}/${encodeKey(key)}`;
  };

  // A refused connection or a reset is the storage being unavailable, like a 5xx: one error type for both.
  const send = async (action: string, key: string, init: RequestInit): Promise<Response> => {
    try {
      return await client.fetch(urlOf(key), init);
    } catch (error) {
      if (error instanceof StorageKeyError) throw error;
      throw new StorageError(`S3 ${action} ${key}: ${(error as Error)?.message ?? 'request failed'}`);
    }
  };

  const fail = async (action: string, key: string, response: Response): Promise<never> => {
    // The body is an XML error document; only its code is useful in a log line.
    const text = await response.text().catch(() => '');
    const code = text.match(/<Code>([^<]{1,100})<\/Code>/)?.[1] ?? 'unknown';
    throw new StorageError(`S3 ${action} ${key}: ${response.status} ${code}`, response.status);
  };

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const response = await send('put', key, {
        method: 'PUT',
        // Node's fetch sends any Uint8Array; the DOM type only names ArrayBuffer-backed ones.
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
      });
      if (!response.ok) await fail('put', key, response);
      await response.body?.cancel();
    },

    async get(key): Promise<StoredObject | null> {
      const response = await send('get', key, { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return fail('get', key, response);
      const modified = response.headers.get('last-modified');
      const length = response.headers.get('content-length');
      return {
        body: Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        size: length === null ? null : Number(length),
        lastModified: modified ? new Date(modified) : null,
      };
    },

    async delete(key) {
      const response = await send('delete', key, { method: 'DELETE' });
      // S3 answers 204 whether or not the object existed; some servers answer 404 for a missing one.
      if (!response.ok && response.status !== 404) await fail('delete', key, response);
      await response.body?.cancel();
    },
  };
}
