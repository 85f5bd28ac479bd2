import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { casesCountsRoute } from './cases.counts';
import { casesGetRoute } from './cases.get';
import { casesListRoute } from './cases.list';
import { casesNoteRoute } from './cases.note';
import { casesReplyRoute } from './cases.reply';
import { casesUpdateRoute } from './cases.update';

/** Cases (issue 30 item 2): the list, its counts, one case, its changes, notes and replies to the guest. */
export const casesRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(casesListRoute, deps);
  await app.register(casesCountsRoute, deps);
  await app.register(casesGetRoute, deps);
  await app.register(casesUpdateRoute, deps);
  await app.register(casesNoteRoute, deps);
  await app.register(casesReplyRoute, deps);
};
