import { randomBytes } from 'node:crypto';
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
