/**
 * The guest's first screen rendered on the server (decision 0169): the web build's
 * `server/entry-server.js` (apps/web/src/entry-server.tsx) renders a venue address's check-in step with
 * the web app's own components, asking this server's API in-process. A page it does not render, or a
 * render that fails, is the plain index.html: the browser then does all of it, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What entry-server.tsx exports (the web build is not a dependency of the server: no shared types). */
interface FirstScreenModule {
  prepare(): Promise<void>;
  renderFirstScreen(request: {
    url: string;
    acceptLanguage?: string;
    fetch: typeof fetch;
    now: Date;
  }): Promise<
    | { kind: 'none' }
    | { kind: 'notFound'; log: string; slug: string }
    | {
        kind: 'page';
        html: string;
        data: string;
        lang: string;
        title: string;
        modules: string[];
        language: string;
      }
  >;
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The tags that fetch a rendered step's code, its language's texts and their styles with the page
 * (Vite's manifest, dist/.vite/manifest.json), less what index.html already names. Without them the
 * browser would ask for them only after the entry has run, and hydrate one round trip later.
 */
export function preloadTags(manifest: Manifest, modules: string[], language: string): string {
  const keys = [
    ...modules,
    // One chunk per language (apps/web/vite.config.ts, decision 0133): texts-<language>.
    ...Object.keys(manifest).filter((key) => manifest[key]?.name === `texts-${language}`),
  ];
  const inPage = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  collect('index.html', inPage);
  const wanted = new Set<string>();
  for (const key of keys) collect(key, wanted);
  return [...wanted]
    .filter((file) => !inPage.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

export type FirstScreenAnswer = { kind: 'html'; body: string } | { kind: 'notFound' } | null;
export type FirstScreenRenderer = (request: FastifyRequest) => Promise<FirstScreenAnswer>;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const LANG = /<html lang="[^"]*">/;
/** The id main.tsx reads the render's state from (apps/web/src/app/first-screen.ts). */
const DATA_ID = 'vv-first-screen';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The API as the browser would call it, answered in-process (no socket), with the guest's address so
 * that per-address limits count the guest and not the server.
 */
function inProcessFetch(app: FastifyInstance, guest: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: guest.ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) out.append(name, String(one));
    }
    return new Response(answer.body, { status: answer.statusCode, headers: out });
  };
}

/**
 * Loads the web build's renderer and its texts; null when the build has none (an older build, or
 * `vite build` without `--ssr`) or index.html lacks the places it fills.
 */
export async function loadFirstScreen(
  app: FastifyInstance,
  distDir: string,
): Promise<FirstScreenRenderer | null> {
  const entry = join(distDir, 'server', 'entry-server.js');
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const fits =
    template.includes(ROOT) && TITLE.test(template) && LANG.test(template) && template.includes('</head>');
  if (!existsSync(entry) || !existsSync(manifestFile) || !fits) {
    app.log.warn({ entry }, 'No server render of the first screen in this web build: pages start empty');
    return null;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const module = (await import(pathToFileURL(entry).href)) as FirstScreenModule;
  await module.prepare();
  return async (request) => {
    const rendered = await module.renderFirstScreen({
      url: request.url,
      acceptLanguage: request.headers['accept-language'],
      fetch: inProcessFetch(app, request),
      now: new Date(),
    });
    if (rendered.kind === 'none') return null;
    if (rendered.kind === 'notFound') {
      // G8: a slug error is logged, then the guest goes to /error-404 (the browser's setup logged it before).
      request.log.warn({ slug: rendered.slug }, rendered.log);
      return rendered;
    }
    const body = template
      .replace('</head>', `${preloadTags(manifest, rendered.modules, rendered.language)}</head>`)
      .replace(LANG, `<html lang="${escapeHtml(rendered.lang)}">`)
      .replace(TITLE, `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(
        ROOT,
        `<script type="application/json" id="${DATA_ID}">${rendered.data}</script><div id="root">${rendered.html}</div>`,
      );
    return { kind: 'html', body };
  };
}
