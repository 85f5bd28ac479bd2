import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { linksListRoute } from './links.list';
import { linksQrPngRoute } from './links.qr-png';
import { linksQrSvgRoute } from './links.qr-svg';
import { linksTableCardsRoute } from './links.table-cards';

/** Guest links, QR codes and table cards (the links helper's calls): every operator, for the branches they see. */
export const linksRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(linksListRoute, deps);
  await app.register(linksQrSvgRoute, deps);
  await app.register(linksQrPngRoute, deps);
  await app.register(linksTableCardsRoute, deps);
};
