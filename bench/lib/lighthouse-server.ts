/**
 * What the Lighthouse bench loads: a production build of the web app and the real server serving it
 * on PGlite (demo seed) in a temporary DATA_DIR, on a free port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  buildServer,
  freePort,
  SERVER_BUNDLE,
  SERVER_NODE_ARGS,
  serverEnv,
  waitForHealth,
} from '../../apps/server/test/support/main-process';
import { type Child, spawnChild } from './child';
import { REPO_ROOT } from './result';

export interface WebBuild {
  dist: string;
  /** For the method text: which build this is. */
  how: string;
  /** The entry script index.html loads, e.g. assets/index-abc123.js. */
  entry: string;
}

/** BENCH_WEB_DIST when set, else a production build made now into `work` (apps/web/dist is left alone). */
export function webBuild(work: string): WebBuild {
  const given = process.env.BENCH_WEB_DIST;
  let dist: string;
  let how: string;
  if (given) {
    dist = resolve(REPO_ROOT, given);
    how = `the existing build in ${given} (BENCH_WEB_DIST)`;
  } else {
    dist = join(work, 'dist');
    how = 'a production build of apps/web made for this run in a temporary folder';
    const vite = join(REPO_ROOT, 'node_modules', '.bin', 'vite');
    // The app, then the server's render of its first screen into dist/server (as npm run build does;
    // decision 0169): without it the server would send the page empty.
    const builds = [
      ['build', '--outDir', dist, '--emptyOutDir'],
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(dist, 'server'), '--emptyOutDir'],
    ];
    for (const args of builds) {
      const built = spawnSync(vite, [...args, '--logLevel', 'error'], {
        cwd: join(REPO_ROOT, 'apps', 'web'),
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (built.status !== 0) throw new Error(`web build failed (exit ${built.status ?? built.signal})`);
    }
  }
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`no index.html in ${dist}`);
  if (!existsSync(join(dist, 'server', 'entry-server.js')))
    throw new Error(
      `no server render in ${dist}/server: build it with vite build --ssr src/entry-server.tsx`,
    );
  const entry = readFileSync(index, 'utf8').match(/src="\/(assets\/index-[^"]+\.js)"/)?.[1] ?? '?';
  return { dist, how, entry };
}

/**
 * Starts the server as `npm start` does (its bundle, built first if out of date) serving `dist`;
 * resolves once GET /api/health answers 200.
 */
export async function startServer(dist: string, dataDir: string): Promise<{ port: number; server: Child }> {
  buildServer();
  const port = await freePort();
  const server = spawnChild(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    ...serverEnv({ port, dataDir }),
    WEB_DIST: dist,
  });
  try {
    const output = server.stderr;
    await waitForHealth(`http://127.0.0.1:${port}`, server.process, { limitMs: 60_000, pollMs: 100, output });
    return { port, server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
