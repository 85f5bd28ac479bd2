import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intParam } from '../../../lib/params';
import { fileName, targetLinks } from '../../../services/links/items';
import { qrPng } from '../../../services/links/qr-codes';
import { findLinkTarget } from '../../../services/links/targets';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { linkPlace, linksContext, sendFile, tableOf, tableQuery, targetParams } from './shared';

/** The PNG's side when not asked: sharp enough for a poster, small enough for a message. */
const DEFAULT_SIZE = 1024;

/** GET /console/surveys/{surveyId}/branches/{branchId}/qr.png: the QR code of the guest link (O4.3) as PNG. */
export const linksQrPngRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/surveys/:surveyId/branches/:branchId/qr.png',
    {
      schema: consoleSchema('QR code of a guest link (image/png), optionally of one table', {
        description: 'A square PNG, saved as a file (Content-Disposition: attachment).',
        params: targetParams,
        querystring: z.object({
          table: tableQuery,
          size: intParam(128, 4096).describe(`Side in pixels, 128 to 4096 (default ${DEFAULT_SIZE})`),
        }),
        response: consoleErrorResponses,
      }),
    },
    async (request, reply) => {
      const table = tableOf(request.query.table);
      const { surveyId, branchId } = request.params;
      const target = await findLinkTarget(linksContext(deps, request), surveyId, branchId);
      const { scanUrl } = targetLinks(target, linkPlace(deps, request).origin, table);
      const png = await qrPng(scanUrl, request.query.size ?? DEFAULT_SIZE);
      const what = table === undefined ? 'qr' : `table-${table}-qr`;
      return sendFile(reply, 'image/png', fileName(target, what, 'png'), png);
    },
  );
};
