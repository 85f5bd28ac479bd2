import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/connection';
import { contactDetails, responses } from '../src/db/schema';

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** A response of the demo bistro survey with contact details given at `givenAt`; answers its id. */
export async function insertResponseWithContact(db: Db, givenAt: Date, email = 'guest@example.com') {
  const [response] = await db
    .insert(responses)
    .values({
      companyId: 1,
      branchId: 1,
      surveyId: 1,
      guid: randomUUID(),
      payloadHash: 'test',
      payload: { answers: [{ id: 1, value: 5 }] },
      visitDatetime: '2025-06-14 18:00:00',
      authType: 'web',
    })
    .returning({ id: responses.id });
  if (!response) throw new Error('no response row');
  await db.insert(contactDetails).values({ responseId: response.id, name: 'Ada', email, givenAt });
  return response.id;
}

export async function hasContact(db: Db, responseId: number): Promise<boolean> {
  const rows = await db.select().from(contactDetails).where(eq(contactDetails.responseId, responseId));
  return rows.length > 0;
}

export async function hasResponse(db: Db, responseId: number): Promise<boolean> {
  const rows = await db.select({ id: responses.id }).from(responses).where(eq(responses.id, responseId));
  return rows.length > 0;
}

/** A clock tests move by hand (the server's Clock interface). */
export function movableClock(start: Date) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (date: Date) => {
      at = date.getTime();
    },
  };
}
