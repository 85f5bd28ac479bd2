import { AppError, ErrorCodes, readTableNumber, type TablesFault } from '@venue-voice/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idPathParam, plainText } from '../../../lib/params';
import type { LinkPlace } from '../../../services/links/items';
import type { LinksContext } from '../../../services/links/targets';
import { siteOrigin } from '../guards';
import { CONSOLE_PREFIX, type ConsoleRouteDeps } from '../shared';

/** `/surveys/{surveyId}/branches/{branchId}/…`: one survey at one branch. */
export const targetParams = z.object({ surveyId: idPathParam(), branchId: idPathParam() });

/** A table number as a query parameter: checked by O4.2 (a 10025 naming the fault), not by the schema. */
export const tableQuery = plainText(16)
  .optional()
  .describe('A table number, 1 to 9999: the link and QR code then name the table (tableId)');

/** 400 10025 with the console's field map: `{ fields: { <parameter>: <catalogue key> } }`. */
export const tablesFault = (parameter: string, fault: TablesFault) =>
  new AppError(ErrorCodes.FORM_VALIDATION, {
    message: 'Check the table numbers',
    detail: { fields: { [parameter]: fault } },
  });

/** The table a `table` parameter names, or undefined when it is not given. */
export function tableOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const table = readTableNumber(raw);
  if (typeof table === 'string') throw tablesFault('table', table);
  return table;
}

/** The links calls' context: the database and the signed-in operator (O1). */
export const linksContext = (deps: ConsoleRouteDeps, request: FastifyRequest): LinksContext => ({
  db: deps.db,
  operator: request.operator,
});

/** Where links point (PUBLIC_URL or the request's origin) and where this API serves its files. */
export const linkPlace = (deps: ConsoleRouteDeps, request: FastifyRequest): LinkPlace => ({
  origin: siteOrigin(request, deps.publicUrl),
  apiBase: CONSOLE_PREFIX,
});

/** A file answer: its type, saved under `name` when opened, never sniffed as something else. */
export function sendFile(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
