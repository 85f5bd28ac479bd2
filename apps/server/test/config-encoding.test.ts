import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/lib/accepts-gzip';
import { databases } from './databases';
import { type Harness, startHarness, web } from './harness';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, br', false],
    ['*', true],
    ['*;q=0', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

// The answer is built once per TTL; a client that accepts gzip gets the same JSON in about a fifth of
// the bytes, compressed once per answer (a guest's phone on a weak signal always sends Accept-Encoding).
describe.each(databases())('survey.config content encoding on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target, { cacheTtlMs: 60_000 });
  });
  afterAll(() => h?.close());

  const config = (headers: Record<string, string>) =>
    h.app.inject({ method: 'GET', url: '/api/v1/survey/config?edge=core,surveys,questions', headers });

  it('sends gzip to a client that accepts it and plain JSON to one that does not, same ETag', async () => {
    const plain = await config(web());
    const gzipped = await config(web('demo-bistro', { 'accept-encoding': 'gzip, deflate, br' }));
    const again = await config(web('demo-bistro', { 'accept-encoding': 'gzip' }));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    for (const res of [plain, gzipped]) expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
    expect(JSON.parse(plain.body).data.surveys[0].slug).toBe('demo-bistro');
  });

  it('refuses gzip at q=0 and still answers 304 to a matching If-None-Match with gzip accepted', async () => {
    const refused = await config(web('demo-bistro', { 'accept-encoding': 'gzip;q=0' }));
    expect(refused.headers['content-encoding']).toBeUndefined();
    const etag = refused.headers.etag as string;
    const notModified = await config(
      web('demo-bistro', { 'accept-encoding': 'gzip', 'if-none-match': etag }),
    );
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });
});
