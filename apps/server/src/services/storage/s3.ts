import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ListedObject,
  type Storage,
  StorageError,
  type StoredObject,
} from './types';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys per ListObjectsV2 page: S3's own maximum (1000) unless a test wants more pages. */
  listPageSize?: number;
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
  const pageSize = options.listPageSize ?? 1000;

  // A refused connection or a reset is the storage being unavailable, like a 5xx: one error type for both.
  const request = async (action: string, name: string, url: string, init: RequestInit) => {
    try {
      return await client.fetch(url, init);
    } catch (error) {
      throw new StorageError(`S3 ${action} ${name}: ${(error as Error)?.message ?? 'request failed'}`);
    }
  };
  const send = (action: string, key: string, init: RequestInit) => request(action, key, urlOf(key), init);

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

    // One PUT with the file's length (S3 takes up to 5 GB so); the body streams from disk, unsigned
    // (aws4fetch signs S3 requests with UNSIGNED-PAYLOAD when it cannot hash the body up front).
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      const response = await send('put', key, {
        method: 'PUT',
        body: Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>,
        headers: { 'content-type': contentType, 'content-length': String(size) },
        duplex: 'half',
      } as RequestInit);
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

    // ListObjectsV2, following NextContinuationToken until the listing is no longer truncated.
    async *list(prefix) {
      assertStoragePrefix(prefix);
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(pageSize) });
        if (token !== undefined) query.set('continuation-token', token);
        const response = await request('list', prefix, `${base}?${query}`, { method: 'GET' });
        if (!response.ok) await fail('list', prefix, response);
        const page = parseListPage(await response.text());
        if (page.truncated && (page.next === undefined || page.next === token)) {
          throw new StorageError(`S3 list ${prefix}: a truncated page without a new continuation token`);
        }
        yield* page.objects;
        token = page.truncated ? page.next : undefined;
      } while (token !== undefined);
    },
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name] ?? '');
const tag = (xml: string, name: string) => {
  const found = xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
  return found === undefined ? undefined : unescapeXml(found);
};

/** One ListBucketResult page. Our keys are plain names, so reading a few tags needs no XML parser. */
export function parseListPage(xml: string): { objects: ListedObject[]; truncated: boolean; next?: string } {
  const objects: ListedObject[] = [];
  for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = tag(entry, 'Key');
    const lastModified = new Date(tag(entry, 'LastModified') ?? '');
    if (key === undefined || !isStorageKey(key)) continue;
    if (Number.isNaN(lastModified.getTime()))
      throw new StorageError('S3 list: an object without LastModified');
    objects.push({ key, lastModified, size: Number(tag(entry, 'Size') ?? 0) });
  }
  const next = tag(xml, 'NextContinuationToken');
  return { objects, truncated: tag(xml, 'IsTruncated') === 'true', ...(next === undefined ? {} : { next }) };
}
