/**
 * Issue 9's create race, shared by the fast test (50 guids, npm test) and the soak (1,000 guids,
 * npm run test:soak): each guid is sent `copies` times at once (a tablet retrying, a double tap, a proxy
 * replaying) with `guidsAtOnce` guids in flight together, so `copies × guidsAtOnce` requests race.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { responses } from '../../src/db/schema';
import type { Harness } from '../harness';
import { create, createPayload } from '../submit-fixtures';

export interface RaceFigures {
  requests: number;
  seconds: number;
  statuses: Record<number, number>;
  rows: number;
}

/** Runs the race and asserts: every answer 200, one id and secret per guid, one row per guid. */
export async function raceCreates(
  h: Harness,
  options: { guids: number; copies: number; guidsAtOnce: number },
): Promise<RaceFigures> {
  const guids = Array.from({ length: options.guids }, () => randomUUID());
  const statuses: Record<number, number> = {};
  const answers = new Map<string, Set<string>>();
  const started = performance.now();
  for (let from = 0; from < guids.length; from += options.guidsAtOnce) {
    const wave = guids.slice(from, from + options.guidsAtOnce);
    await Promise.all(
      wave.flatMap((guid) => {
        const payload = createPayload({ guid });
        return Array.from({ length: options.copies }, async () => {
          const r = await create(h.app, payload);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          const seen = answers.get(guid) ?? new Set<string>();
          seen.add(r.status === 200 ? `${r.body.data.id}:${r.body.data.secret}` : `error ${r.status}`);
          answers.set(guid, seen);
        });
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;

  expect(statuses).toEqual({ 200: options.guids * options.copies });
  // All copies of a guid agree, and no two guids share an id or a secret.
  const perGuid = guids.map((guid) => [...(answers.get(guid) ?? [])]);
  expect(perGuid.filter((seen) => seen.length !== 1)).toEqual([]);
  const ids = new Set(perGuid.map((seen) => seen[0]?.split(':')[0]));
  const secrets = new Set(perGuid.map((seen) => seen[0]?.split(':')[1]));
  expect(ids.size).toBe(options.guids);
  expect(secrets.size).toBe(options.guids);

  const rows = await h.database.db
    .select({ id: responses.id })
    .from(responses)
    .where(inArray(responses.guid, guids));
  expect(rows).toHaveLength(options.guids);
  expect(new Set(rows.map((r) => String(r.id)))).toEqual(ids);
  return { requests: options.guids * options.copies, seconds, statuses, rows: rows.length };
}
