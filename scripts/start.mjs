#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, and the server's
 * bundle likewise (scripts/build-server.mjs, decision 0153), then runs the server with node in the
 * foreground (it migrates, seeds the demo when empty, serves API and app on one port). Signals are
 * passed to the server once, so it can shut down cleanly, and its exit code is ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_BUNDLE } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

// Everything the web bundle is made of: its own files, every file its Vite config imports (the
// config files at apps/web's top: vite.config.ts, pwa.config.ts…), the packages it imports.
const WEB_CONFIG_FILES = readdirSync(join(root, 'apps/web'))
  .filter((name) => /\.(?:[cm]?[jt]s|json)$/.test(name))
  .map((name) => `apps/web/${name}`);
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  ...WEB_CONFIG_FILES,
  'packages/domain/src',
  'packages/client/src',
];
const BUILT_INDEX = join(root, 'apps/web/dist/index.html');
// The server's render of the first screen (decision 0169), built after the app into dist/server.
const BUILT_SERVER_RENDER = join(root, 'apps/web/dist/server/entry-server.js');

/** Newest modification time under a path; tests do not go into the bundle and are skipped. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.[cm]?[jt]sx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function buildReason() {
  if (!existsSync(BUILT_INDEX) || !existsSync(BUILT_SERVER_RENDER)) return 'no build found';
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  const changedAt = Math.max(...WEB_INPUTS.map((input) => newestChange(join(root, input))));
  return changedAt > builtAt ? 'sources changed since the last build' : undefined;
}

// WEB_DIST names a build made elsewhere (a test's own copy): it is served as it is, never rebuilt here.
const reason = process.env.WEB_DIST ? undefined : buildReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  // A production build whatever NODE_ENV the caller has: under Vitest (the e2e setup) it is 'test',
  // which made Vite bundle React's development build (157 kB gzip instead of 97; decision 0077).
  // The app, then the server's render of its first screen (apps/web's `npm run build`).
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const build = spawnSync(bin('vite'), args, {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) {
      console.error('The web app build failed; not starting the server.');
      process.exit(build.status ?? 1);
    }
  }
}

// The server as one bundled file run by plain node: no TypeScript compiled at each start, one file read
// instead of hundreds (decision 0153). `npm run dev` still runs the sources with tsx.
if (!(await ensureServerBuild())) {
  console.error('The server build failed; not starting the server.');
  process.exit(1);
}

// The server runs in its own process group: a Ctrl+C in the terminal reaches only this process,
// which passes it on exactly once (a second signal from the terminal could cut a clean shutdown short).
// Node's options for the server (apps/server/node-args.json): a larger young generation, so the
// survey.submit load scavenges about a third as often (decision 0160).
const nodeArgs = JSON.parse(readFileSync(join(root, 'apps/server/node-args.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
