import { dataEnvelope, menuReplacedSchema, menuSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../services/audit/record';
import { replaceMenu } from '../../../services/till';
import { MENU_BODY_LIMIT } from '../../integrations/till/menu.replace';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, ownerChange } from '../shared';

/**
 * PUT /console/menu (owner, O1.3): the menu the console read from a CSV file (O12.6), replacing the
 * company's menu as the till's PUT /integrations/menu does (one service, O12.5), audited in the same
 * transaction.
 */
export const menuReplaceConsoleRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.put(
    '/menu',
    {
      bodyLimit: MENU_BODY_LIMIT,
      schema: consoleSchema("Replace the company's whole menu (owner; the CSV import)", {
        body: menuSchema,
        response: { 200: dataEnvelope(menuReplacedSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const change = ownerChange(deps, request.operator);
      const replaced = await replaceMenu(change.db, change.companyId, request.body, (tx, result) =>
        recordAudit(tx, {
          companyId: change.companyId,
          actor: change.actor,
          action: 'menu.import',
          subjectType: 'menu',
          subjectId: null,
          detail: { ...result },
          at: change.now,
        }),
      );
      return { data: replaced };
    },
  );
};
