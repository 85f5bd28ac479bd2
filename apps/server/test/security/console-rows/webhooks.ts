import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { CONSOLE } from '../../support/console';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, type Outcome, probe, type RowContext } from './types';

/**
 * A company-1 webhook of its own for each caller. Its URL is loopback: the matrix's app allows no
 * private target, so a test event's delivery is refused at once, never sent out of the machine.
 */
async function webhook({ h }: RowContext): Promise<{ id: number; url: string }> {
  const url = `https://127.0.0.1:9/matrix-${randomBytes(4).toString('hex')}`;
  const [row] = await queryRows<{ id: number }>(
    h.database.db,
    sql`insert into webhooks (company_id, url, events, secret)
      values (1, ${url}, array['response.created'], ${`whsec_${randomBytes(32).toString('base64')}`})
      returning id`,
  );
  return { id: row?.id ?? 0, url };
}

const stillThere = async ({ h }: RowContext, id: number) =>
  (await queryRows<{ active: boolean }>(h.database.db, sql`select active from webhooks where id = ${id}`))[0];

/** A company webhook by id: the owner's; other roles refused (O1.3), another company finds none. */
const ownerById: Record<ConsoleActor, Outcome> = {
  ...OUTCOMES.companyOwnerOnly,
  otherCompany: 10014,
};

/** Rows of the webhooks (issue 30 item 4): company-wide, the owner's alone. */
export const WEBHOOKS_ROWS: Record<string, ConsoleRow> = {
  [`POST ${CONSOLE}/webhooks`]: {
    probes: [
      probe({
        prepare: async () => ({ url: `https://1.1.1.1/matrix-${randomBytes(4).toString('hex')}` }),
        request: ({ url }) => ({
          method: 'POST',
          url: `${CONSOLE}/webhooks`,
          payload: { url, events: ['case.opened'] },
        }),
        // Company 1 got a webhook (another company's owner adds one to their own company).
        sees: async (a, { url }, { h }) =>
          a.status === 201 &&
          (await queryRows(h.database.db, sql`select 1 from webhooks where company_id = 1 and url = ${url}`))
            .length === 1,
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`GET ${CONSOLE}/webhooks`]: {
    probes: [
      probe({
        prepare: webhook,
        request: () => ({ method: 'GET', url: `${CONSOLE}/webhooks` }),
        sees: (a, { url }) =>
          a.status === 200 && a.body.data.items.some((w: { url: string }) => w.url === url),
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`PATCH ${CONSOLE}/webhooks/:id`]: {
    probes: [
      probe({
        prepare: webhook,
        request: ({ id }) => ({
          method: 'PATCH',
          url: `${CONSOLE}/webhooks/${id}`,
          payload: { active: false },
        }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await stillThere(ctx, id))?.active === false,
        expect: ownerById,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/webhooks/:id`]: {
    probes: [
      probe({
        prepare: webhook,
        request: ({ id }) => ({ method: 'DELETE', url: `${CONSOLE}/webhooks/${id}` }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await stillThere(ctx, id)) === undefined,
        expect: ownerById,
      }),
    ],
  },
  [`GET ${CONSOLE}/webhooks/:id/deliveries`]: {
    probes: [
      probe({
        prepare: webhook,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/webhooks/${id}/deliveries` }),
        sees: (a) => a.status === 200 && Array.isArray(a.body.data.items),
        expect: ownerById,
      }),
    ],
  },
  [`POST ${CONSOLE}/webhooks/:id/test`]: {
    probes: [
      probe({
        prepare: webhook,
        request: ({ id }) => ({ method: 'POST', url: `${CONSOLE}/webhooks/${id}/test` }),
        sees: (a) => a.status === 202,
        expect: ownerById,
      }),
    ],
  },
};
