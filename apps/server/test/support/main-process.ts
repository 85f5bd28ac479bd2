/**
 * The real server (apps/server/src/main.ts) as a child process, for the e2e journeys, the soaks and the
 * benches: a free port, its environment, the start, the wait until GET /api/health answers 200, the stop.
 * No vitest import: the benches run this under plain tsx.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The bundle `npm start` builds and runs with node (scripts/build-server.mjs, decision 0153). */
export const SERVER_BUNDLE = join(REPO_ROOT, 'apps/server/dist/main.mjs');

/** Node's options `npm start` runs the server with (apps/server/node-args.json, decision 0160). */
export const SERVER_NODE_ARGS: string[] = JSON.parse(
  readFileSync(join(REPO_ROOT, 'apps/server/node-args.json'), 'utf8'),
);

/**
 * Builds SERVER_BUNDLE as `npm start` does: only when it is missing or older than what it is made of.
 * With an entry and an outfile, bundles that entry the same way, always (the cold-start bench's phase
 * timer). Throws when the build fails (esbuild's errors are on this process's stderr).
 */
export function buildServer(entryAndOutfile: [string, string] | [] = []): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', ...entryAndOutfile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status ?? build.signal})`);
}

/** A port nobody listens on right now (the OS picks it; the caller's server takes it just after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * What main.ts reads to serve on 127.0.0.1:port with its data in dataDir: PGlite there unless
 * databaseUrl names a PostgreSQL database (an empty DATABASE_URL overrides one in the caller's env).
 */
export const serverEnv = (options: { port: number; dataDir: string; databaseUrl?: string }) => ({
  PORT: String(options.port),
  HOST: '127.0.0.1',
  DATA_DIR: options.dataDir,
  DATABASE_URL: options.databaseUrl ?? '',
  LOG_LEVEL: 'warn',
  // Journeys, benches and soaks send thousands of creates from 127.0.0.1; the limits have their own tests.
  CREATE_LIMIT_PER_ADDRESS: '1000000',
  CREATE_LIMIT_PER_SURVEY: '1000000',
  VOUCHERS_PER_ADDRESS_PER_DAY: '1000000',
});

export interface ServerProcess {
  process: ChildProcess;
  /** The last 20,000 characters it wrote (stdout and stderr), for failure messages. */
  output(): string;
}

/** Runs `node ...args` from the repository root with `env` over this process's environment. */
export function spawnServer(args: string[], env: Record<string, string>): ServerProcess {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, output: () => log };
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls GET /api/health until it answers 200; throws (with the output) if the process ends first or time runs out. */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  options: { limitMs: number; pollMs: number; output: () => string },
): Promise<void> {
  const deadline = Date.now() + options.limitMs;
  while (Date.now() < deadline) {
    if (ended(child)) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${options.output()}`,
      );
    }
    const response = await fetch(`${baseUrl}/api/health`).catch(() => null); // null: not listening yet
    await response?.body?.cancel();
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  throw new Error(`The server was not healthy within ${options.limitMs / 1000} s:\n${options.output()}`);
}

/** SIGTERM, then SIGKILL after graceMs (at once when it is 0); resolves once the process has exited. */
export async function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (ended(child)) return;
  const exited = once(child, 'exit');
  child.kill(graceMs === 0 ? 'SIGKILL' : 'SIGTERM');
  const timer = graceMs === 0 ? undefined : setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
