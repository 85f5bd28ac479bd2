import { dataEnvelope, MENU_EXPORT_LIMIT } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intParam } from '../../lib/params';
import { listMajorGroupsWithMisc, queryFamilyGroups, queryProducts } from '../../queries/menu';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';
import { menuPageSchema, parseMenuEdge } from './survey.menu.query';

const querystring = z.object({
  edge: z.string().max(40).describe('products | family_groups | major_groups'),
  limit: intParam(1, MENU_EXPORT_LIMIT).describe(`1..${MENU_EXPORT_LIMIT}, default ${MENU_EXPORT_LIMIT}`),
  offset: intParam(0, 2_147_483_647),
});
const response = dataEnvelope(menuPageSchema);

/** Export order is by id: stable under paging and cheap (primary key); the device sorts locally. */
const BY_ID = [{ field: 'id', desc: false }] as const;

/**
 * survey.menu.export: the whole menu of the caller's company, one page at a time (D7): the client
 * pages on until a page is shorter than the limit.
 */
export const surveyMenuExportRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/menu/export',
    { schema: { tags: ['survey'], querystring, response: { 200: response, ...errorResponses } } },
    async (request) => {
      const edge = parseMenuEdge(request.query.edge);
      const page = { limit: request.query.limit ?? MENU_EXPORT_LIMIT, offset: request.query.offset ?? 0 };
      const companyId = request.ctx.company.id;
      if (edge === 'products') {
        const all = { textFields: [] };
        return { data: { products: await queryProducts(db, companyId, all, BY_ID, page) } };
      }
      if (edge === 'family_groups') {
        return {
          data: { family_groups: await queryFamilyGroups(db, companyId, { textFields: [] }, BY_ID, page) },
        };
      }
      const groups = await listMajorGroupsWithMisc(db, companyId);
      return { data: { major_groups: groups.slice(page.offset, page.offset + page.limit) } };
    },
  );
};
