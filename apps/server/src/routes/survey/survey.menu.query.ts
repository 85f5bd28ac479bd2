import {
  AppError,
  dataEnvelope,
  ErrorCodes,
  familyGroupSchema,
  isSearchLongEnough,
  MENU_DEFAULT_LIMIT,
  MENU_EXPORT_LIMIT,
  MenuEdge,
  majorGroupSchema,
  matchesText,
  normaliseSearchText,
  parseMenuOrder,
  parseTextFields,
  productSchema,
  SEARCH_MIN_CHARS,
  sortMenuItems,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagParam, intParam, splitList, textParam } from '../../lib/params';
import { listMajorGroupsWithMisc, queryFamilyGroups, queryProducts } from '../../queries/menu';
import { MenuCopies } from '../../queries/menu-copy';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const MAX_PRODUCT_REFS = 500;
const MAX_OFFSET = 2_147_483_647;

const querystring = z.object({
  edge: z.string().max(40).describe('products | family_groups | major_groups'),
  order: textParam(200).describe('Comma-joined fields, "-" for descending, e.g. -weight,name (default: D7)'),
  textFields: textParam(200).describe('Comma-joined fields the text search looks at (default: D7)'),
  limit: intParam(1, MENU_EXPORT_LIMIT).describe(`Default ${MENU_DEFAULT_LIMIT}`),
  offset: intParam(0, MAX_OFFSET),
  type: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '2', '3']).transform(Number).optional())
    .describe('EPOS product type: 1 food, 2 drink, 3 other; on a group edge, the groups holding one'),
  familyGroupRef: textParam(64),
  majorGroupRef: textParam(80).describe('A major group ref, or a misc group ref (misc + family group ref)'),
  text: textParam(100).describe(`Case-insensitive "contains", at least ${SEARCH_MIN_CHARS} characters`),
  transactionProductRefs: textParam(MAX_PRODUCT_REFS * 65).describe('Comma-joined product refs'),
  autoPaginate: flagParam().describe('Every matching item in one answer; not allowed for products (D5)'),
});

export const menuPageSchema = z.object({
  products: z.array(productSchema).optional(),
  family_groups: z.array(familyGroupSchema).optional(),
  major_groups: z.array(majorGroupSchema).optional(),
});
const response = dataEnvelope(menuPageSchema);

const invalid = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message,
    detail: { fields: [{ field, in: 'querystring', message }], ...extra },
  });

/** The menu edge of a request: anything else is 10010. */
export function parseMenuEdge(raw: string): MenuEdge {
  if ((MenuEdge as readonly string[]).includes(raw)) return raw as MenuEdge;
  throw new AppError(ErrorCodes.INVALID_EDGE, {
    message: `Unknown menu edge: ${raw}`,
    detail: { invalid: [raw], allowed: [...MenuEdge] },
  });
}

/** survey.menu.query: one page of products or groups, filtered, searched and ordered (D7). */
export const surveyMenuQueryRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  // Products pages in the D7 order come from this server's current copy of the menu (decision 0123).
  const copies = new MenuCopies(db, (err) => app.log.error({ err }, 'reading a menu copy failed'));
  app.get(
    '/menu/query',
    { schema: { tags: ['survey'], querystring, response: { 200: response, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      const edge = parseMenuEdge(q.edge);
      const companyId = request.ctx.company.id;
      if (edge === 'products' && q.autoPaginate) {
        throw new AppError(ErrorCodes.INVALID_EDGE_REQUIREMENTS, {
          message: 'The products edge cannot use auto pagination',
          detail: { edge, autoPaginate: true },
        });
      }
      const productOnly = (['familyGroupRef', 'majorGroupRef', 'transactionProductRefs'] as const).filter(
        (k) => q[k] !== undefined,
      );
      if (edge !== 'products' && productOnly.length > 0) {
        throw new AppError(ErrorCodes.INVALID_EDGE_REQUIREMENTS, {
          message: `Only the products edge takes: ${productOnly.join(', ')}`,
          detail: { edge, parameters: productOnly },
        });
      }
      const order = parseMenuOrder(edge, q.order);
      if (!order.ok)
        throw invalid('order', `Unknown order field: ${order.invalid.join(', ')}`, {
          invalid: order.invalid,
        });
      const textFields = parseTextFields(edge, q.textFields);
      if (!textFields.ok) {
        throw invalid('textFields', `Unknown text field: ${textFields.invalid.join(', ')}`, {
          invalid: textFields.invalid,
        });
      }
      let text: string | undefined;
      if (q.text !== undefined) {
        if (!isSearchLongEnough(q.text)) {
          throw invalid('text', `Search text needs at least ${SEARCH_MIN_CHARS} characters`, {
            min: SEARCH_MIN_CHARS,
          });
        }
        text = normaliseSearchText(q.text);
      }
      const refs =
        q.transactionProductRefs === undefined
          ? undefined
          : [...new Set(splitList(q.transactionProductRefs))];
      if (refs && (refs.length > MAX_PRODUCT_REFS || refs.some((r) => r.length > 64))) {
        throw invalid('transactionProductRefs', `At most ${MAX_PRODUCT_REFS} refs of up to 64 characters`);
      }
      const page = { limit: q.autoPaginate ? null : (q.limit ?? MENU_DEFAULT_LIMIT), offset: q.offset ?? 0 };

      if (edge === 'products') {
        const filters = {
          text,
          textFields: textFields.value,
          type: q.type,
          familyGroupRef: q.familyGroupRef,
          majorGroupRef: q.majorGroupRef,
          refs,
        };
        const found =
          (await copies.find(companyId, filters, order.value, page)) ??
          (await queryProducts(db, companyId, filters, order.value, page));
        return { data: { products: found } };
      }
      if (edge === 'family_groups') {
        const search = { text, textFields: textFields.value, type: q.type };
        return { data: { family_groups: await queryFamilyGroups(db, companyId, search, order.value, page) } };
      }
      const all = await listMajorGroupsWithMisc(db, companyId, q.type);
      const matching = text === undefined ? all : all.filter((g) => matchesText(g, textFields.value, text));
      const sorted = sortMenuItems(matching, order.value);
      const end = page.limit === null ? undefined : page.offset + page.limit;
      return { data: { major_groups: sorted.slice(page.offset, end) } };
    },
  );
};
