import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTemplate, stepFiles } from '../src/plugins/first-screen-page';
import { webPlugin } from '../src/plugins/web';

const INDEX = [
  '<!doctype html><html lang="en-GB"><head><title>Venue Voice</title>',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/framework-F.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-A.css"></head>',
  '<body><div id="root"></div><script src="/browser-check.js" defer></script></body></html>',
].join('');
const CSS =
  '@font-face{font-family:Poppins;font-weight:400;src:url(/assets/poppins-latin-400-normal-X.woff2) format("woff2")}' +
  '@font-face{font-family:Poppins;font-weight:600;src:url("/assets/poppins-latin-600-normal-Y.woff2") format("woff2")}' +
  '.venue{color:#1f3a5f}';

const MANIFEST = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_framework-F.js'],
    css: ['assets/index-A.css'],
  },
  '_framework-F.js': { file: 'assets/framework-F.js', name: 'framework' },
  'src/pin.tsx': {
    file: 'assets/pin-P.js',
    imports: ['index.html', '_framework-F.js', '_fields-G.js'],
    css: ['assets/pin-P.css'],
  },
  '_fields-G.js': { file: 'assets/fields-G.js' },
  '_texts-de-D.js': { file: 'assets/texts-de-D.js', name: 'texts-de' },
};

/**
 * A stand-in for the web build's dist/server/entry-server.js (apps/web/src/entry-server.tsx, whose own
 * render is tested in apps/web/src/app/first-screen.test.tsx and e2e/first-screen.test.ts): it answers
 * by the address, so each of the plugin's paths can be reached.
 */
const ENTRY = `
export let prepared = false;
export async function prepare() { prepared = true; }
export async function renderFirstScreen({ url, fetch, acceptLanguage }) {
  if (url === '/venue') {
    const health = await (await fetch('/api/health')).json();
    return {
      kind: 'page', html: '<main><h1>Enter your PIN</h1></main>', lang: 'de', title: 'PIN & <Beleg>',
      data: JSON.stringify({ health, acceptLanguage }).replace(/</g, '\\\\u003c'),
      modules: ['src/pin.tsx'], language: 'de',
    };
  }
  if (url === '/gone') return { kind: 'notFound', log: 'Bad survey tag used', slug: 'gone' };
  if (url === '/broken') throw new Error('render failed');
  return { kind: 'none' };
}
`;

let dist: string;
let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'vv-first-screen-'));
  await mkdir(join(dist, 'server'), { recursive: true });
  await mkdir(join(dist, '.vite'), { recursive: true });
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-A.css'), CSS);
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(join(dist, 'server', 'entry-server.js'), ENTRY);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream } });
  app.get('/api/health', async (request) => ({ data: { status: 'ok', ip: request.ip } }));
  await app.register(webPlugin, { distDir: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('first screen rendered on the server (decision 0169)', () => {
  it('fills index.html: the render in #root, its state as a JSON data block, language, title', async () => {
    const res = await app.inject({
      url: '/venue',
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<title>PIN &amp; &lt;Beleg&gt;</title>');
    expect(res.body).toContain('<div id="root"><main><h1>Enter your PIN</h1></main></div>');
    // The API answered in-process, for the guest's own address (per-address limits count the guest).
    const data = /<script type="application\/json" id="vv-first-screen">([^<]*)<\/script>/.exec(
      res.body,
    )?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      health: { data: { status: 'ok', ip: '203.0.113.7' } },
      acceptLanguage: 'de-AT,de;q=0.9',
    });
  });

  it('paints without waiting for a script: styles inline, the app handed to browser-check.js', async () => {
    const { body } = await app.inject({ url: '/venue' });
    expect(body).toContain(`<style>${CSS}</style>`);
    expect(body).toContain('<link rel="stylesheet" href="/assets/pin-P.css"></head>');
    expect(body).not.toContain('<script type="module"');
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).toContain(
      '<script src="/browser-check.js" defer data-app="/assets/index-A.js" ' +
        'data-preload="/assets/framework-F.js /assets/pin-P.js /assets/fields-G.js /assets/texts-de-D.js"></script>',
    );
  });

  it('gzips the page for a browser that accepts it', async () => {
    const res = await app.inject({ url: '/venue', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<h1>Enter your PIN</h1>');
  });

  it('serves the plain index.html for a page it does not render', async () => {
    const res = await app.inject({ url: '/error-404' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('sends an unknown venue to /error-404 and logs why (G8)', async () => {
    const res = await app.inject({ url: '/gone' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/error-404');
    expect(logs.some((line) => line.includes('Bad survey tag used') && line.includes('"slug":"gone"'))).toBe(
      true,
    );
  });

  it('a render that fails is logged and the plain page goes out: it never takes the page down', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(logs.some((line) => line.includes('render failed'))).toBe(true);
  });

  it('never serves the server render’s own code to browsers', async () => {
    const res = await app.inject({ url: '/server/entry-server.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderFirstScreen');
  });
});

describe('the page around the render', () => {
  it('takes the app script, its preloads and the style sheet out of index.html', () => {
    const page = pageTemplate(INDEX, dist);
    expect(page?.app).toBe('/assets/index-A.js');
    expect(page?.preloads).toEqual(['/assets/framework-F.js']);
    expect(page?.html).toContain(`<style>${CSS}</style>`);
    expect(page?.html).not.toContain('index-A.js');
  });

  it("leaves the app's font files to the text that needs them: no preload (decision 0187)", () => {
    const html = pageTemplate(INDEX, dist)?.html ?? '';
    expect(html).toContain('poppins-latin-400-normal-X.woff2');
    expect(html).not.toContain('rel="preload"');
  });

  it('is not used with an index.html of another shape (no app script, or no browser check)', () => {
    expect(pageTemplate(INDEX.replace(/<script type="module"[^>]*><\/script>/, ''), dist)).toBeNull();
    expect(
      pageTemplate(INDEX.replace('<script src="/browser-check.js" defer></script>', ''), dist),
    ).toBeNull();
  });

  it('lists a step’s chunk, its imports, styles and the language’s texts, less what index.html loads', () => {
    expect(stepFiles(MANIFEST, ['src/pin.tsx'], 'de')).toEqual({
      scripts: ['/assets/pin-P.js', '/assets/fields-G.js', '/assets/texts-de-D.js'],
      styles: ['/assets/pin-P.css'],
    });
    expect(stepFiles(MANIFEST, ['index.html', 'src/missing.tsx'], 'en-gb')).toEqual({
      scripts: [],
      styles: [],
    });
  });
});
