import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAlertRule } from '../../../services/alerts';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { ruleContext, ruleParams } from './shared';

/** DELETE /console/alert-rules/{id}: the rule and its mails not yet sent; the cases it opened stay. */
export const alertRulesDeleteRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.delete(
    '/alert-rules/:id',
    {
      schema: consoleSchema('Delete an alert rule', {
        params: ruleParams,
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      await deleteAlertRule(ruleContext(deps, request), request.params.id);
      return { data: {} };
    },
  );
};
