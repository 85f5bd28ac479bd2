import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileName, targetLinks } from '../../../services/links/items';
import { qrSvg } from '../../../services/links/qr-codes';
import { findLinkTarget } from '../../../services/links/targets';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { linkPlace, linksContext, sendFile, tableOf, tableQuery, targetParams } from './shared';

/** GET /console/surveys/{surveyId}/branches/{branchId}/qr.svg: the QR code of the guest link (O4.3) as SVG. */
export const linksQrSvgRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/surveys/:surveyId/branches/:branchId/qr.svg',
    {
      schema: consoleSchema('QR code of a guest link (image/svg+xml), optionally of one table', {
        description: 'An SVG document, saved as a file (Content-Disposition: attachment).',
        params: targetParams,
        querystring: z.object({ table: tableQuery }),
        response: consoleErrorResponses,
      }),
    },
    async (request, reply) => {
      const table = tableOf(request.query.table);
      const { surveyId, branchId } = request.params;
      const target = await findLinkTarget(linksContext(deps, request), surveyId, branchId);
      const { scanUrl } = targetLinks(target, linkPlace(deps, request).origin, table);
      const what = table === undefined ? 'qr' : `table-${table}-qr`;
      return sendFile(
        reply,
        'image/svg+xml; charset=utf-8',
        fileName(target, what, 'svg'),
        await qrSvg(scanUrl),
      );
    },
  );
};
