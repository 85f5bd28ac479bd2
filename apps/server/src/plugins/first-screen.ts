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
import type { FirstScreenRender, FirstScreenRequest } from '../../../web/src/entry-server';
import { escapeHtml, type Manifest, pageTemplate, stepFiles, withAppStart } from './first-screen-page';

/**
 * What the web build's dist/server/entry-server.js exports (apps/web/src/entry-server.tsx). Its types
 * only: the server never bundles the web app's code, it loads the build's own file at start.
 */
interface FirstScreenModule {
  prepare(): Promise<void>;
  renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreenRender>;
}

export type FirstScreenAnswer = { kind: 'html'; body: string } | { kind: 'notFound' } | null;
export type FirstScreenRenderer = (request: FastifyRequest) => Promise<FirstScreenAnswer>;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const LANG = /<html lang="[^"]*">/;
/** The id main.tsx reads the render's state from (apps/web/src/app/first-screen.ts). */
const DATA_ID = 'vv-first-screen';

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
  const page = pageTemplate(template, distDir);
  if (!page) {
    app.log.warn({ distDir }, 'index.html is not as the server render expects it: pages start empty');
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
    const html = page.html
      .replace(LANG, `<html lang="${escapeHtml(rendered.lang)}">`)
      .replace(TITLE, `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(
        ROOT,
        `<script type="application/json" id="${DATA_ID}">${rendered.data}</script><div id="root">${rendered.html}</div>`,
      );
    const body = withAppStart(page, html, stepFiles(manifest, rendered.modules, rendered.language));
    return { kind: 'html', body };
  };
}
