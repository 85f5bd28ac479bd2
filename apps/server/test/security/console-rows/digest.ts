import { eq } from 'drizzle-orm';
import { digestSettings } from '../../../src/db/schema';
import { CONSOLE } from '../../support/console';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/** Each actor's own digest hour: distinct, so an answer naming anyone else's setting shows. */
const hourOf = (operatorId: number) => operatorId % 24;

/** Gives every acting operator a stored digest setting of its own (daily at its own hour). */
async function everyoneSet({ h, ids }: RowContext): Promise<void> {
  for (const operatorId of Object.values(ids)) {
    const values = { frequency: 'daily', weekday: 1, hour: hourOf(operatorId) };
    await h.database.db
      .insert(digestSettings)
      .values({ operatorId, ...values })
      .onConflictDoUpdate({ target: digestSettings.operatorId, set: values });
  }
}

const ownId = (ids: RowContext['ids'], actor: ConsoleActor) => (actor === 'nobody' ? null : ids[actor]);

/** The stored hours of every actor but the caller: a PUT must have left them as everyoneSet wrote them. */
async function othersUntouched({ h, ids }: RowContext, actor: ConsoleActor): Promise<boolean> {
  for (const [name, operatorId] of Object.entries(ids)) {
    if (name === actor) continue;
    const [row] = await h.database.db
      .select({ hour: digestSettings.hour, frequency: digestSettings.frequency })
      .from(digestSettings)
      .where(eq(digestSettings.operatorId, operatorId));
    if (row?.hour !== hourOf(operatorId) || row.frequency !== 'daily') return false;
  }
  return true;
}

/** Rows of the digest setting: every signed-in operator reads and sets their own, nobody anyone else's. */
export const DIGEST_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/me/digest`]: {
    probes: [
      probe({
        prepare: everyoneSet,
        request: () => ({ method: 'GET', url: `${CONSOLE}/me/digest` }),
        sees: (a, _f, { ids, actor }) => {
          const id = ownId(ids, actor);
          return a.status === 200 && id !== null && a.body.data.hour === hourOf(id);
        },
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
  [`PUT ${CONSOLE}/me/digest`]: {
    probes: [
      probe({
        prepare: everyoneSet,
        request: () => ({
          method: 'PUT',
          url: `${CONSOLE}/me/digest`,
          payload: { frequency: 'weekly', weekday: 5, hour: 23 },
        }),
        sees: async (a, _f, ctx) =>
          a.status === 200 &&
          a.body.data.frequency === 'weekly' &&
          a.body.data.weekday === 5 &&
          (await othersUntouched(ctx, ctx.actor)),
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
};
