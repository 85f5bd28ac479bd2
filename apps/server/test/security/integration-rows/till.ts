import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { products, transactions } from '../../../src/db/schema';
import { demoMenuBody } from '../../support/till';
import { type IntegrationRow, integrationProbe } from './types';

/**
 * Rows of the till's calls (issue 30 item 6): a check at company 1's branch 1 and company 1's menu, each
 * marked by an id of its own, so only a call that wrote company 1's data can have stored it. A key of
 * company 2 naming branch 1 is 404 10012 (no such branch for it); its menu call replaces its own menu.
 */
export const TILL_INTEGRATION_ROWS: Record<string, IntegrationRow> = {
  'POST /api/v1/integrations/transactions': {
    probes: [
      integrationProbe({
        scope: 'transactions:write',
        prepare: async () => ({ checkId: `MATRIX-${randomBytes(4).toString('hex')}` }),
        request: ({ checkId }) => ({
          method: 'POST',
          url: '/api/v1/integrations/transactions',
          payload: {
            branchId: 1,
            checkId,
            openedAt: '2025-06-14T17:00:00Z',
            covers: 1,
            subtotal: 9,
            items: [
              { menuItemObjectNumber: '1001', menuItemName: 'Tomato soup', type: 1, price: 9, quantity: 1 },
            ],
          },
        }),
        sees: async (_answer, { checkId }, { h }) =>
          (
            await h.database.db
              .select({ id: transactions.id })
              .from(transactions)
              .where(and(eq(transactions.branchId, 1), eq(transactions.checkId, checkId)))
          ).length === 1,
        foreignCodes: [10012],
      }),
    ],
  },
  'PUT /api/v1/integrations/menu': {
    probes: [
      integrationProbe({
        scope: 'menu:write',
        prepare: async () => ({ ref: `MX${randomBytes(4).toString('hex')}` }),
        request: ({ ref }) => {
          const body = demoMenuBody();
          body.products.push({ ref, name: 'Matrix pie', type: 1, majorGroupRef: null, familyGroupRef: null });
          return { method: 'PUT', url: '/api/v1/integrations/menu', payload: body };
        },
        sees: async (_answer, { ref }, { h }) =>
          (
            await h.database.db
              .select({ id: products.id })
              .from(products)
              .where(and(eq(products.companyId, 1), eq(products.ref, ref)))
          ).length === 1,
        foreignCodes: [],
      }),
    ],
  },
};
