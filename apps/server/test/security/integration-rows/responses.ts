import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { storeResponses } from '../../support/inbox';
import { type Answer, type IntegrationRow, integrationProbe } from './types';

const PULL = '/api/v1/integrations/responses';

/** The guids an answer of the pull holds. */
const guidsOf = (answer: Answer): string[] =>
  answer.status === 200 ? answer.body.data.items.map((item: { guid: string }) => item.guid) : [];

/** Rows of the responses pull for BI tools (issue 30 item 7). */
export const RESPONSES_PULL_ROWS: Record<string, IntegrationRow> = {
  [`GET ${PULL}`]: {
    probes: [
      integrationProbe({
        scope: 'responses:read',
        // A fresh response of company 1, old enough to be pulled (decision 0242: 30 s), and the time to
        // pull from, so the page holds it whatever else the matrix stored.
        prepare: async ({ h }) => {
          const [id] = await storeResponses(h.database.db, [{ branchId: 1, visit: '2025-06-14 12:00:00' }]);
          const [row] = await queryRows<{ guid: string; since: string }>(
            h.database.db,
            sql`update responses set created_at = now() - interval '1 minute' where id = ${id}
              returning guid::text as guid, to_char((created_at - interval '1 second') at time zone 'UTC',
                'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since`,
          );
          return { guid: row?.guid ?? randomUUID(), since: row?.since ?? '' };
        },
        request: ({ since }) => ({ method: 'GET', url: `${PULL}?updatedSince=${since}&limit=1000` }),
        sees: (answer, { guid }) => guidsOf(answer).includes(guid),
        foreignCodes: [],
      }),
    ],
  },
};
