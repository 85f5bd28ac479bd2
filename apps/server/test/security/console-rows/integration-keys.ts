import { eq } from 'drizzle-orm';
import { integrationKeys } from '../../../src/db/schema';
import { newKey } from '../../../src/services/integrations';
import { CONSOLE } from '../../support/console';
import { type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/** A fresh live key of company 1, made by its owner. */
async function ownersKey({ h, ids }: RowContext): Promise<{ id: number; name: string }> {
  const { keyHash, prefix } = newKey();
  const name = `Matrix ${prefix}`;
  const [row] = await h.database.db
    .insert(integrationKeys)
    .values({ companyId: 1, name, prefix, keyHash, scopes: ['responses:read'], createdBy: ids.owner })
    .returning({ id: integrationKeys.id });
  return { id: row?.id ?? 0, name };
}

/** Rows of the integration keys (issue 30 item 5): company 1's keys are its owner's alone (O1.3). */
export const INTEGRATION_KEYS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/integration-keys`]: {
    probes: [
      probe({
        prepare: ownersKey,
        request: () => ({ method: 'GET', url: `${CONSOLE}/integration-keys` }),
        sees: (a, { name }) => a.status === 200 && JSON.stringify(a.body).includes(name),
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`POST ${CONSOLE}/integration-keys`]: {
    probes: [
      probe({
        // A key made in company 1: only its owner may; the other company's owner makes one of their own.
        request: () => ({
          method: 'POST',
          url: `${CONSOLE}/integration-keys`,
          payload: { name: 'Matrix new', scopes: ['responses:read'] },
        }),
        sees: async (a, _f, { h }) => {
          if (a.status !== 201) return false;
          const [row] = await h.database.db
            .select({ companyId: integrationKeys.companyId })
            .from(integrationKeys)
            .where(eq(integrationKeys.id, a.body.data.id));
          return row?.companyId === 1;
        },
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/integration-keys/:id`]: {
    probes: [
      probe({
        prepare: ownersKey,
        request: ({ id }) => ({ method: 'DELETE', url: `${CONSOLE}/integration-keys/${id}` }),
        sees: async (_a, { id }, { h }) => {
          const [row] = await h.database.db
            .select({ revokedAt: integrationKeys.revokedAt })
            .from(integrationKeys)
            .where(eq(integrationKeys.id, id));
          return row?.revokedAt !== null;
        },
        expect: { ...OUTCOMES.companyOwnerOnly, otherCompany: 10014 },
      }),
    ],
  },
};
