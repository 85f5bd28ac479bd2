import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/connection';
import { demoHistoryGuids } from '../apps/server/src/db/seed-responses';
import { uuidArray } from '../apps/server/src/db/sql-arrays';
import { freePort } from '../apps/server/test/support/main-process';
import { startServer, stop } from './global-setup';

/**
 * A server a test file runs for itself (its own port and DATA_DIR with fresh demo data), for journeys
 * that stop it under the guest or need receipts nobody else uses. Started healthy; `down` and `up` stop
 * and restart it on the same port and data, `close` stops it and removes its data.
 */
export interface OwnServer {
  baseUrl: string;
  /** Its DATA_DIR: the database, uploads and the mail outbox (DATA_DIR/outbox without SMTP_URL). */
  dataDir: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** `env`: more of the server's environment (e.g. SMTP_URL for a journey that reads real mail). */
export async function startOwnServer(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `vv-e2e-${name}-`));
  const port = await freePort();
  let running: ChildProcess | undefined;
  const own: OwnServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    down: async () => {
      if (running) await stop(running);
      running = undefined;
    },
    up: async () => {
      running ??= await startServer(port, dataDir, { build: false, env });
    },
    close: async () => {
      await own.down();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await own.up();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return own;
}

/**
 * Takes the demo's history (400 responses of the last 90 days, decision 0237) out of an own server's
 * database, so a journey that stores its own responses reads figures made of those alone. The report
 * tables are emptied and every response left is folded again at the next read (decision 0229).
 * Call it while the server is down.
 */
export async function withoutDemoHistory(db: Db): Promise<void> {
  await db.execute(sql`delete from responses where guid = any(${uuidArray(demoHistoryGuids())})`);
  await db.execute(sql`truncate report_days, report_day_indicators, report_day_dishes, report_day_dish_reasons,
    report_day_staff, response_scores, response_dishes, response_texts`);
  await db.execute(sql`update responses set folded = false`);
}
