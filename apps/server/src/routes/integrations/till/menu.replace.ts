import { dataEnvelope, menuReplacedSchema, menuSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replaceMenu } from '../../../services/till';
import type { IntegrationRouteDeps } from '../index';
import { tillErrorResponses, tillSchema } from './shared';

/** A menu of MENU_MAX_PRODUCTS products is about 8 MB of JSON; the API's 1 MB would stop at ~6,000. */
export const MENU_BODY_LIMIT = 16 * 1_048_576;

/**
 * PUT /integrations/menu (scope menu:write): the company's whole menu, replacing the last one in one
 * transaction (O12.5); each bad item answers 400 with its path (O12.4).
 */
export const menuReplaceRoute: FastifyPluginAsyncZod<IntegrationRouteDeps> = async (app, deps) => {
  app.put(
    '/menu',
    {
      bodyLimit: MENU_BODY_LIMIT,
      config: { scope: 'menu:write' },
      schema: tillSchema("Replace the company's whole menu (products, family groups, major groups)", {
        body: menuSchema,
        response: { 200: dataEnvelope(menuReplacedSchema), ...tillErrorResponses },
      }),
    },
    async (request) => ({
      data: await replaceMenu(deps.db, request.integration.companyId, request.body),
    }),
  );
};
