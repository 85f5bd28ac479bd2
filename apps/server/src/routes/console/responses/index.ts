import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { responsesExportRoute } from './responses.export';
import { responsesGetRoute } from './responses.get';
import { responsesListRoute } from './responses.list';

/** The inbox's calls (issue 29 items 1 and 2): the list and one response. */
export const responsesRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(responsesListRoute, deps);
  await app.register(responsesExportRoute, deps);
  await app.register(responsesGetRoute, deps);
};
