import { alertRuleUpdateSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateAlertRule } from '../../../services/alerts';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { ruleAnswer, ruleContext, ruleParams } from './shared';

/** PATCH /console/alert-rules/{id}: change any of a rule's fields; the rule is checked whole again. */
export const alertRulesUpdateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.patch(
    '/alert-rules/:id',
    {
      schema: consoleSchema('Change an alert rule', {
        params: ruleParams,
        body: alertRuleUpdateSchema,
        response: { 200: ruleAnswer, ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { rule: await updateAlertRule(ruleContext(deps, request), request.params.id, request.body) },
    }),
  );
};
