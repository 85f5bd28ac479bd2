import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:43123 */
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_LIMIT_MS = 150_000;
const STOP_LIMIT_MS = 15_000;

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited (code ${server.exitCode}) before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not healthy within ${STARTUP_LIMIT_MS / 1000} s:\n${output()}`);
}

/** Stops the server (SIGTERM, then SIGKILL after 15 s) and waits until it has exited. */
export async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_LIMIT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the real server as `npm start` does on the port, with the embedded database (PGlite) in
 * dataDir, and waits until it is healthy. A test file's own server (e2e/own-server.ts) passes
 * `build: false`: it serves the build the first server made, because a rebuild under that running
 * server would replace the files it serves.
 */
export async function startServer(
  port: number,
  dataDir: string,
  { build = true } = {},
): Promise<ChildProcess> {
  let log = '';
  const command = build
    ? ['scripts/start.mjs']
    : [join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'];
  const server = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, server, () => log);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return server;
}

/**
 * Starts the real server on a free port with a fresh embedded database (PGlite in a temporary
 * DATA_DIR), and gives its address to the tests.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'vv-e2e-data-'));
  const port = await freePort();
  let server: ChildProcess;
  try {
    server = await startServer(port, dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', `http://127.0.0.1:${port}`);

  return async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}
