import { randomBytes } from 'node:crypto';
import { CONSOLE } from '../../support/console';
import { storeResponses } from '../../support/inbox';
import { type Answer, type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/** A fresh response at branch 1 with a text of its own, so a search finds it alone. */
async function response({ h }: RowContext): Promise<{ id: number; word: string }> {
  const word = `matrix${randomBytes(4).toString('hex')}`;
  const [id] = await storeResponses(h.database.db, [
    { branchId: 1, visit: '2016-06-06 12:00:00', questions: [{ id: 102, answer: { text: word } }] },
  ]);
  return { id: id ?? 0, word };
}

const lists = (a: Answer, { id }: { id: number }) =>
  a.status === 200 && (a.body.data.items as { id: number }[]).some((item) => item.id === id);

/** Rows of the inbox (issue 29): a branch-1 response, listed or read, only by those who see branch 1. */
export const RESPONSES_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/responses`]: {
    probes: [
      // The whole inbox: each caller gets their own branches; the others are blind to branch 1's.
      probe({
        prepare: response,
        request: ({ word }) => ({ method: 'GET', url: `${CONSOLE}/responses?q=${word}` }),
        sees: lists,
        expect: { ...OUTCOMES.branchRead, manager2: 'blind', otherCompany: 'blind' },
      }),
      probe({
        prepare: response,
        request: ({ word }) => ({ method: 'GET', url: `${CONSOLE}/responses?branchId=1&q=${word}` }),
        sees: lists,
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/responses/:id`]: {
    probes: [
      probe({
        prepare: response,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/responses/${id}` }),
        sees: (a, { id }) => a.status === 200 && a.body.data.response.id === id,
        expect: { ...OUTCOMES.branchRead, manager2: 10014, otherCompany: 10014 },
      }),
    ],
  },
};
