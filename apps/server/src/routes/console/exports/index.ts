import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAnswer } from '../../../lib/after-answer';
import type { ExportDeps } from '../../../services/exports';
import { exportsCreateRoute } from './exports.create';
import { exportsFileRoute } from './exports.file';
import { exportsGetRoute } from './exports.get';
import type { ExportRouteDeps } from './shared';

/**
 * Exports run as jobs (issue 29 item 6): ask, follow the progress, download. Each runs in the
 * background of the server that was asked; the server's close waits for those still running, and the
 * exports job runs again any a dead server left (services/exports/jobs.ts).
 */
export const exportsRoutes: FastifyPluginAsyncZod<ExportRouteDeps> = async (app, deps) => {
  const running = afterAnswer();
  // An export in a process of its own is cancelled (its job queued again for the exports job), not
  // waited for: its process would outlive the server's close by as long as a big file takes.
  app.addHook('onClose', async () => {
    await deps.exportProcesses?.close();
    await running.settle();
  });
  const jobs: ExportDeps = {
    db: deps.db,
    storage: deps.storage,
    now: () => deps.clock.now(),
    background: (work) => running.run(app.log, 'response export', work),
    processes: deps.exportProcesses,
    log: app.log,
  };
  await app.register(exportsCreateRoute, { jobs });
  await app.register(exportsGetRoute, { jobs });
  await app.register(exportsFileRoute, { jobs });
};
