import { alertRuleCreateSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAlertRule } from '../../../services/alerts';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { ruleAnswer, ruleContext } from './shared';

/**
 * POST /console/alert-rules: a rule of the whole company (owner) or of a branch (its managers too);
 * recipients must see the rule's branch (400 10025 naming each one that may not).
 */
export const alertRulesCreateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/alert-rules',
    {
      schema: consoleSchema('Add an alert rule', {
        body: alertRuleCreateSchema,
        response: { 201: ruleAnswer, ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const rule = await createAlertRule(ruleContext(deps, request), request.body);
      return reply.code(201).send({ data: { rule } });
    },
  );
};
