import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EXPORT_FORMATS, inboxQuerySchema } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/connection';
import { queryRows } from '../../../db/query-rows';
import {
  EXPORT_CONTENT_TYPES,
  type ExportProcesses,
  type ExportTask,
  openExport,
  writeExport,
} from '../../../services/exports';
import { checkedInboxFilter, inboxScope, inboxWhere } from '../../../services/inbox';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

const exportQuerySchema = inboxQuerySchema.omit({ cursor: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv').describe('csv (default) or xlsx'),
});

/** Whether the filter holds at least `rows` rows (counted no further than that). */
async function holdsAtLeast(db: Db, task: ExportTask, rows: number): Promise<boolean> {
  if (rows <= 0) return true;
  if (!Number.isFinite(rows)) return false;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from responses r
      where ${inboxWhere(task.scope, task.filter)} limit ${rows}) r`,
  );
  return (row?.n ?? 0) >= rows;
}

/** The file written in this thread, its first page already read. */
async function inThread(db: Db, task: ExportTask, log: FastifyBaseLogger): Promise<PassThrough> {
  const { columns, pages } = await openExport(db, task);
  const body = new PassThrough();
  writeExport(task.format, columns, pages, body).catch((error: unknown) => {
    // The answer has begun: the client sees a cut file (no closing bytes), never a whole wrong one.
    log.error({ err: error }, 'response export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return body;
}

/**
 * The file written by an export process, its bytes passed on from the process's pipe. The answer ends
 * only once the process says the file is whole; a process that fails or dies cuts it instead, and a
 * client that goes away stops the process.
 */
async function inProcess(processes: ExportProcesses, task: ExportTask, log: FastifyBaseLogger) {
  const run = processes.run(task, { pipe: true });
  await run.started;
  const bytes = run.bytes;
  if (!bytes) throw new Error('the export process has no pipe');
  const body = new PassThrough();
  let complete = false;
  body.once('close', () => {
    if (!complete) run.cancel();
  });
  bytes.pipe(body, { end: false });
  Promise.all([finished(bytes), run.finished]).then(
    () => {
      complete = true;
      body.end();
    },
    (error: unknown) => {
      log.error({ err: error }, 'response export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return body;
}

/**
 * GET /console/responses/export: the inbox's current filter as one file, a row per response (columns:
 * docs/exports.md), streamed a page at a time with constant memory; every check (filter, period, branch,
 * survey) answers before the first byte, as the inbox would. On PostgreSQL a big filter is written by an
 * export process (decision 0262), so the server that serves guests does not grow for it.
 */
export const responsesExportRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (
  app,
  { db, exportProcesses },
) => {
  app.get(
    '/responses/export',
    {
      schema: consoleSchema('The inbox’s filter as a CSV or XLSX file, one row per response', {
        querystring: exportQuerySchema,
        produces: Object.values(EXPORT_CONTENT_TYPES),
        response: { 200: z.any().describe('The file'), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const filter = checkedInboxFilter(query);
      const scope = await inboxScope(db, request.operator, filter);
      const task: ExportTask = { format, scope, filter };
      const body =
        exportProcesses && (await holdsAtLeast(db, task, exportProcesses.fromRows))
          ? await inProcess(exportProcesses, task, request.log)
          : await inThread(db, task, request.log);
      const period = scope.period ? `${scope.period.from}-to-${scope.period.to}` : 'all';
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="responses-${period}.${format}"`)
        .send(body);
    },
  );
};
