/**
 * The real server (apps/server/src/main.ts, as `npm start` runs it) as a child process the soaks can
 * SIGKILL and start again on the same port and data: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`.
 * One node process (tsx as an import hook, not the tsx CLI), so the signal reaches the server itself.
 */
import {
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopProcess,
  waitForHealth,
} from '../../apps/server/test/support/main-process';

export { freePort } from '../../apps/server/test/support/main-process';

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
  let server: ServerProcess | undefined;

  return {
    baseUrl,
    output: () => server?.output() ?? '',
    async start() {
      const started = performance.now();
      server = spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], {
        ...serverEnv(options),
        WEB_DIST: options.webDist,
        REDIS_URL: '',
      });
      await waitForHealth(baseUrl, server.process, { limitMs: 120_000, pollMs: 100, output: server.output });
      return performance.now() - started;
    },
    async kill() {
      if (server) await stopProcess(server.process, 0);
    },
    async stop() {
      if (server) await stopProcess(server.process, 20_000);
    },
  };
}
