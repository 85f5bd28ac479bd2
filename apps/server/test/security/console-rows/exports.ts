import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { NOW } from '../../harness';
import { CONSOLE } from '../../support/console';
import { storeResponses } from '../../support/inbox';
import { type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/** A fresh branch-1 response with a word of its own, which only its export row can hold. */
async function response({ h }: RowContext): Promise<{ word: string }> {
  const word = `export${randomBytes(4).toString('hex')}`;
  await storeResponses(h.database.db, [
    { branchId: 1, visit: '2016-07-07 12:00:00', questions: [{ id: 102, answer: { text: word } }] },
  ]);
  return { word };
}

/** Rows of the exports (issue 29 item 6): a branch-1 response's row only in the files of those who see it. */
export const EXPORTS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/responses/export`]: {
    probes: [
      probe({
        prepare: response,
        request: ({ word }) => ({ method: 'GET', url: `${CONSOLE}/responses/export?q=${word}` }),
        sees: (a, { word }) => a.status === 200 && typeof a.body === 'string' && a.body.includes(word),
        expect: { ...OUTCOMES.branchRead, manager2: 'blind', otherCompany: 'blind' },
      }),
      probe({
        prepare: response,
        request: ({ word }) => ({ method: 'GET', url: `${CONSOLE}/responses/export?branchId=1&q=${word}` }),
        sees: (a, { word }) => a.status === 200 && typeof a.body === 'string' && a.body.includes(word),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
};

/** A finished export of the owner's, its file in storage: only the owner may read it or its file. */
async function ownersExport({ h, ids }: RowContext): Promise<{ id: number }> {
  const key = `exports/matrix/${randomBytes(8).toString('hex')}.csv`;
  await h.storage.put(key, new TextEncoder().encode('Response\n1\n'), 'text/csv; charset=utf-8');
  const [row] = await queryRows<{ id: number }>(
    h.database.db,
    sql`insert into response_exports (company_id, operator_id, format, query, state, rows_total, rows_done,
        storage_key, bytes, created_at, expires_at)
      values (1, ${ids.owner}, 'csv', '{}'::jsonb, 'done', 1, 1, ${key}, 11, ${NOW.toISOString()}::timestamptz,
        ${new Date(NOW.getTime() + 3600_000).toISOString()}::timestamptz)
      returning id`,
  );
  return { id: row?.id ?? 0 };
}

/** Only the operator who asked: anyone else, of any role or company, finds no such export. */
const askerOnly = {
  owner: 'sees',
  manager1: 10014,
  manager2: 10014,
  viewer: 10014,
  otherCompany: 10014,
  nobody: 10005,
} as const;

Object.assign(EXPORTS_ROWS, {
  [`POST ${CONSOLE}/exports`]: {
    probes: [
      probe({
        request: () => ({
          method: 'POST',
          url: `${CONSOLE}/exports`,
          payload: { format: 'csv', filter: { branchId: '1', from: '2016-07-07', to: '2016-07-07' } },
        }),
        sees: (a) => a.status === 202,
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/exports/:id`]: {
    probes: [
      probe({
        prepare: ownersExport,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/exports/${id}` }),
        sees: (a, { id }) => a.status === 200 && a.body.data.export.id === id,
        expect: askerOnly,
      }),
    ],
  },
  [`GET ${CONSOLE}/exports/:id/file`]: {
    probes: [
      probe({
        prepare: ownersExport,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/exports/${id}/file` }),
        sees: (a) => a.status === 200 && a.body === 'Response\n1\n',
        expect: askerOnly,
      }),
    ],
  },
} satisfies Record<string, ConsoleRow>);
