import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { products, transactions } from '../../../src/db/schema';
import { CONSOLE } from '../../support/console';
import { demoMenuBody } from '../../support/till';
import { type ConsoleRow, OUTCOMES, probe } from './types';

/**
 * The till (issue 30 item 6). The console's menu import is the owner's (O1.3): the demo menu and a product
 * of its own, which only a call that replaced company 1's menu can have stored. The integration calls
 * take a key, not a session: their rows are in ../integration-rows/till.ts. The stored checks' read
 * (issue 31 item 4, decision 0260) is anyone's who sees the check's branch (O1.1).
 */
export const TILL_ROWS: Record<string, ConsoleRow> = {
  [`PUT ${CONSOLE}/menu`]: {
    probes: [
      probe({
        prepare: async () => ({ ref: `M${randomBytes(4).toString('hex')}` }),
        request: ({ ref }) => {
          const body = demoMenuBody();
          body.products.push({ ref, name: 'Matrix pie', type: 1, majorGroupRef: null, familyGroupRef: null });
          return { method: 'PUT', url: `${CONSOLE}/menu`, payload: body };
        },
        sees: async (a, { ref }, { h }) => {
          const rows = await h.database.db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.companyId, 1), eq(products.ref, ref)));
          return a.status === 200 && rows.length === 1;
        },
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`GET ${CONSOLE}/transactions`]: {
    probes: [
      probe({
        // A fresh check at branch 1 with a check id of its own, so the search finds it alone.
        prepare: async ({ h }) => {
          const checkId = `MX-${randomBytes(4).toString('hex')}`;
          const [row] = await h.database.db
            .insert(transactions)
            .values({ branchId: 1, checkId, checkOpenTime: new Date('2016-06-06T12:00:00Z'), covers: 2 })
            .returning({ id: transactions.id });
          return { checkId, id: row?.id ?? 0 };
        },
        request: ({ checkId }) => ({ method: 'GET', url: `${CONSOLE}/transactions?branchId=1&q=${checkId}` }),
        sees: (a, { id }) =>
          a.status === 200 && (a.body.data.items as { id: number }[]).some((item) => item.id === id),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
};
