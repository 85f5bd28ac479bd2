import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAlertRules } from '../../../services/alerts';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { listAnswer } from './shared';

/** GET /console/alert-rules: the company's rules and the caller's branches' rules, with the form's choices. */
export const alertRulesListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/alert-rules',
    {
      schema: consoleSchema(
        'Alert rules the operator sees, with the recipients and indicators a rule may name',
        {
          response: { 200: listAnswer, ...consoleErrorResponses },
        },
      ),
    },
    async (request) => ({ data: await listAlertRules(deps.db, request.operator) }),
  );
};
