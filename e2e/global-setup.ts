import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildServer,
  freePort,
  SERVER_BUNDLE,
  SERVER_NODE_ARGS,
  serverEnv,
  spawnServer,
  stopProcess,
  waitForHealth,
} from '../apps/server/test/support/main-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:43123 */
    baseUrl: string;
  }
}

/** Stops the server (SIGTERM, then SIGKILL after 15 s) and waits until it has exited. */
export const stop = (server: ChildProcess): Promise<void> => stopProcess(server, 15_000);

/**
 * Starts the real server as `npm start` does on the port, with the embedded database (PGlite) in
 * dataDir, and waits until it is healthy. A test file's own server (e2e/own-server.ts) passes
 * `build: false`: it serves the web build the first server made, because a rebuild under that running
 * server would replace the files it serves, and runs the server's bundle as npm start does (rebuilt
 * only if its sources changed since: the running server has read its own already).
 */
export async function startServer(
  port: number,
  dataDir: string,
  { build = true, env = {} }: { build?: boolean; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  if (!build) buildServer();
  const command = build ? ['scripts/start.mjs'] : [...SERVER_NODE_ARGS, SERVER_BUNDLE];
  const { process: server, output } = spawnServer(command, { ...serverEnv({ port, dataDir }), ...env });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, server, { limitMs: 150_000, pollMs: 250, output });
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
