import { Language, readTables } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../../lib/params';
import { fileName, targetLinks } from '../../../services/links/items';
import { tableCardsPdf } from '../../../services/links/table-cards';
import { findLinkTarget } from '../../../services/links/targets';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { linkPlace, linksContext, sendFile, tablesFault, targetParams } from './shared';

const querystring = z.object({
  tables: plainText(200).describe('Tables, e.g. `1-20` or `1-4, 8, 12-14` (at most 200)'),
  language: z.enum(Language).optional().describe("The cards' language (default the survey's)"),
});

/**
 * GET /console/surveys/{surveyId}/branches/{branchId}/table-cards.pdf?tables=1-20: a printable sheet, four
 * A6 cards to an A4 page, each with the venue, the words, the table's QR code and its number (O4.4–O4.6).
 */
export const linksTableCardsRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/surveys/:surveyId/branches/:branchId/table-cards.pdf',
    {
      schema: consoleSchema('Printable table cards with QR codes (application/pdf)', {
        description: 'A PDF, saved as a file (Content-Disposition: attachment).',
        params: targetParams,
        querystring,
        response: consoleErrorResponses,
      }),
    },
    async (request, reply) => {
      const read = readTables(request.query.tables);
      if (!read.ok) throw tablesFault('tables', read.fault);
      const { surveyId, branchId } = request.params;
      const target = await findLinkTarget(linksContext(deps, request), surveyId, branchId);
      const { origin } = linkPlace(deps, request);
      const pdf = await tableCardsPdf({
        venue: target.branch.name,
        language: request.query.language ?? target.survey.language,
        cards: read.tables.map((table) => {
          const { url, scanUrl } = targetLinks(target, origin, table);
          return { table, scanUrl, typedUrl: url };
        }),
      });
      const first = read.tables[0];
      const last = read.tables.at(-1);
      const what = first === last ? `table-${first}` : `tables-${first}-${last}`;
      return sendFile(reply, 'application/pdf', fileName(target, what, 'pdf'), pdf);
    },
  );
};
