import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE, REVALIDATE } from './web';

export interface ConsolePluginOptions {
  /** The console's build (apps/console/dist): index.html, assets/ and their .br/.gz copies. */
  distDir: string;
}

/** Where the console lives: its build is made for this base (apps/console/vite.config.ts). */
export const CONSOLE_BASE = '/console';

/** The console's pages (/console and below), which get the console's own Content-Security-Policy. */
export const isConsolePath = (path: string) => path === CONSOLE_BASE || path.startsWith(`${CONSOLE_BASE}/`);

/**
 * Serves the operator console (decision 0222) at /console/: its files as they are (pre-compressed when the
 * browser accepts them), and its index.html for every other GET under /console so the console's router
 * resolves the screen (SPA fallback). A guest or a tablet never loads any of it: the web app is served
 * beside it by plugins/web.ts. Security headers come from plugins/security-headers.ts (CONSOLE_CSP).
 */
export const consolePlugin: FastifyPluginAsync<ConsolePluginOptions> = async (app, { distDir }) => {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { distDir },
      'Console not built (no index.html): /console is not served. Run `npm run build`.',
    );
    // Said plainly, rather than left to the web app's fallback, which would show its own 404 screen.
    const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run `npm run build`.');
    app.get(CONSOLE_BASE, notBuilt);
    app.get(`${CONSOLE_BASE}/*`, notBuilt);
    return;
  }
  // Read once: every screen's address answers it, and a new build needs a restart as the files do.
  const index = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${CONSOLE_BASE}/`,
    // One route per file found at start; unknown paths fall through to the fallback below.
    wildcard: false,
    // index.html is answered by the fallback (with its revalidation header), never as a file route.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const path = relative(distDir, filePath).split(sep).join('/');
      reply.header('cache-control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    // A missing hashed file is a stale page asking for an old build: HTML would be read as script.
    if (path.startsWith(`${CONSOLE_BASE}/assets/`)) return reply.callNotFound();
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(index);
  };
  app.get(CONSOLE_BASE, (_request, reply) => reply.redirect(`${CONSOLE_BASE}/`));
  app.get(`${CONSOLE_BASE}/`, sendIndex);
  app.get(`${CONSOLE_BASE}/*`, sendIndex);
};
