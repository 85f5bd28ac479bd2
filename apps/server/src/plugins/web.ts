import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../lib/accepts-gzip';
import { loadFirstScreen } from './first-screen';

export interface WebPluginOptions {
  /** The web app's build (apps/web/dist): index.html, assets/ and their .br/.gz copies. */
  distDir: string;
}

/** Hashed file names never change content, so browsers and CDNs may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidate it (the ETag makes that cheap). */
export const REVALIDATE = 'no-cache';

/** The service worker (decision 0088): at the root, so it may control every page of the app. */
export const SERVICE_WORKER = 'sw.js';

/** Where an unknown venue address ends (G2, G8), as the browser's own redirect would send it. */
export const NOT_FOUND_PAGE = '/error-404';

/** The API's paths (/api and below): never answered with the app's index.html. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Serves the built web app next to the API: files as they are (pre-compressed .br/.gz when the
 * browser accepts them), and index.html for any other GET outside /api so the client router can
 * resolve venue slugs. Paths under /api are left to the API's own not-found answer (404, 10002).
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { distDir }) => {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(
      { distDir },
      'Web app not built (no index.html): serving the API only. Run `npm run build`.',
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    // The server's render of the first screen (dist/server) is code for this server, not for browsers.
    allowedPath: (path) => !path.startsWith('/server/'),
    prefix: '/',
    // One route per file, found once at start: a miss costs no file-system lookup, and unknown
    // paths fall through to the fallback below. A new build needs a restart (npm start does both).
    wildcard: false,
    preCompressed: true,
    // Our own Cache-Control below, instead of @fastify/static's 'public, max-age=0'.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const path = relative(distDir, filePath).split(sep).join('/');
      reply.header('cache-control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      // The browser checks the worker for updates itself (at most a day old) and no-cache makes
      // that check reach us; the scope header states the whole origin, matching the registration.
      if (path === SERVICE_WORKER) reply.header('service-worker-allowed', '/');
    },
  });

  const firstScreen = await loadFirstScreen(app, distDir);

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    // A missing hashed asset is a stale page asking for an old build: answering HTML would be
    // parsed as script or style, so it gets a plain 404 like any unknown API path.
    // A missing worker is the same: index.html would fail its registration with a MIME error.
    if (isApiPath(path) || path.startsWith('/assets/') || path === `/${SERVICE_WORKER}`) {
      return reply.callNotFound();
    }
    const rendered = await firstScreen?.(request).catch((error: unknown) => {
      request.log.error({ err: error }, 'first screen not rendered on the server; sending the plain page');
      return null;
    });
    if (rendered?.kind === 'notFound') return reply.redirect(NOT_FOUND_PAGE);
    if (rendered?.kind === 'html') {
      void reply.header('cache-control', REVALIDATE).header('vary', 'Accept-Encoding, Accept-Language');
      void reply.type('text/html; charset=utf-8');
      // Made per request (the venue's state): gzipped here, as the built files are ahead of time.
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(rendered.body);
      return reply.header('content-encoding', 'gzip').send(gzipSync(rendered.body));
    }
    return reply.sendFile('index.html');
  });
};
