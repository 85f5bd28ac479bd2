/**
 * The real server (apps/server/src/main.ts, as `npm start` runs it) as a child process the soaks can
 * SIGKILL and start again on the same port and data: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`.
 * One node process (tsx as an import hook, not the tsx CLI), so the signal reaches the server itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_LIMIT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ApiProcess {
  baseUrl: string;
  /** Starts it and resolves once /api/health answers 200; answers how long that took (ms). */
  start(): Promise<number>;
  /** SIGKILL: no shutdown hook runs, requests in flight are cut. */
  kill(): Promise<void>;
  /** SIGTERM and wait (the server's graceful shutdown). */
  stop(): Promise<void>;
  /** The last output of the current or last process, for failure messages. */
  output(): string;
}

export function apiProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  webDist: string;
}): ApiProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let log = '';
  const exited = (p: ChildProcess) =>
    p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : once(p, 'exit').then(() => undefined);

  async function waitHealthy(p: ChildProcess) {
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (p.exitCode !== null || p.signalCode !== null)
        throw new Error(`server exited (${p.exitCode ?? p.signalCode}) before healthy:\n${log}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not healthy within ${STARTUP_LIMIT_MS / 1000} s:\n${log}`);
  }

  return {
    baseUrl,
    output: () => log,
    async start() {
      const started = performance.now();
      log = '';
      const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          DATABASE_URL: options.databaseUrl ?? '',
          WEB_DIST: options.webDist,
          LOG_LEVEL: 'warn',
          REDIS_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-20_000);
      };
      p.stdout?.on('data', keep);
      p.stderr?.on('data', keep);
      child = p;
      await waitHealthy(p);
      return performance.now() - started;
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
