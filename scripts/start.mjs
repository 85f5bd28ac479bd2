#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the operator console when a build is missing or older than its
 * sources, and the server's bundle likewise (scripts/build-server.mjs, decision 0153), then runs the
 * server with node in the foreground (it migrates, seeds the demo when empty, serves API and app on one port). Signals are
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
const configFiles = (app) =>
  readdirSync(join(root, app))
    .filter((name) => /\.(?:[cm]?[jt]s|json)$/.test(name))
    .map((name) => `${app}/${name}`);
const SHARED_INPUTS = ['packages/domain/src', 'packages/client/src', 'scripts/vite-precompress.ts'];
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  ...configFiles('apps/web'),
  ...SHARED_INPUTS,
];
// The operator console (decision 0222) uses the web app's catalogue of the domain's field messages.
const CONSOLE_INPUTS = [
  'apps/console/src',
  'apps/console/index.html',
  ...configFiles('apps/console'),
  'apps/web/src/locales',
  ...SHARED_INPUTS,
];
const BUILT_INDEX = join(root, 'apps/web/dist/index.html');
// The server's render of the first screen (decision 0169), built after the app into dist/server.
const BUILT_SERVER_RENDER = join(root, 'apps/web/dist/server/entry-server.js');
const BUILT_CONSOLE = join(root, 'apps/console/dist/index.html');

/** Newest modification time under a path; tests do not go into the bundle and are skipped. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.[cm]?[jt]sx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Why a build must be made again (missing, or older than one of its inputs), or undefined. */
function buildReason(builtFiles, inputs) {
  if (builtFiles.some((file) => !existsSync(file))) return 'no build found';
  const builtAt = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...inputs.map((input) => newestChange(join(root, input))));
  return changedAt > builtAt ? 'sources changed since the last build' : undefined;
}

/** Runs Vite builds in an app's folder; a failed one stops the start. */
function viteBuild(app, label, runs) {
  for (const args of runs) {
    const build = spawnSync(bin('vite'), args, {
      cwd: join(root, app),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) {
      console.error(`The ${label} build failed; not starting the server.`);
      process.exit(build.status ?? 1);
    }
  }
}

// WEB_DIST names a build made elsewhere (a test's own copy): it is served as it is, never rebuilt here.
const reason = process.env.WEB_DIST ? undefined : buildReason([BUILT_INDEX, BUILT_SERVER_RENDER], WEB_INPUTS);
if (reason) {
  console.log(`Building the web app (${reason})…`);
  // A production build whatever NODE_ENV the caller has: under Vitest (the e2e setup) it is 'test',
  // which made Vite bundle React's development build (157 kB gzip instead of 97; decision 0077).
  // The app, then the server's render of its first screen (apps/web's `npm run build`).
  viteBuild('apps/web', 'web app', [['build'], ['build', '--ssr', 'src/entry-server.tsx']]);
}
// The console likewise (CONSOLE_DIST: a build made elsewhere, served as it is).
const consoleReason = process.env.CONSOLE_DIST ? undefined : buildReason([BUILT_CONSOLE], CONSOLE_INPUTS);
if (consoleReason) {
  console.log(`Building the console (${consoleReason})…`);
  viteBuild('apps/console', 'console', [['build']]);
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
