import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { alertRulesCreateRoute } from './alert-rules.create';
import { alertRulesDeleteRoute } from './alert-rules.delete';
import { alertRulesListRoute } from './alert-rules.list';
import { alertRulesUpdateRoute } from './alert-rules.update';

/** Alert rules (issue 30 item 1): list, add, change, delete; who may is O1.6 (docs/alerts.md). */
export const alertRulesRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(alertRulesListRoute, deps);
  await app.register(alertRulesCreateRoute, deps);
  await app.register(alertRulesUpdateRoute, deps);
  await app.register(alertRulesDeleteRoute, deps);
};
