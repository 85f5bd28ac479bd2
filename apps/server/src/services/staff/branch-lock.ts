import { canOpenSettings } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branchTeam, type StaffActor, wrongPin } from './staff-actor';

/** First key of the two-key advisory lock; the second is the branch id (decision 0134). */
const TEAM_LOCK = 7_410_110;

/**
 * Decision 0134: runs one team change of a branch at a time. Inside one transaction it takes the
 * branch's advisory lock and reads the team again, so the D5 checks (unique names and PIN, the last
 * member who can open settings) see every change committed before and none can slip in before the
 * write. `work` gets the transaction and the fresh team and must use no other connection: PGlite has
 * one, held by the transaction.
 */
export function withTeamLock<T>(
  db: Db,
  branchId: number,
  actor: StaffActor,
  work: (tx: Db, locked: StaffActor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_LOCK}::int, ${branchId}::int)`);
    return work(tx, { member: actor.member, team: await branchTeam(tx, branchId) });
  });
}

/**
 * The acting member as the locked read sees them: still there with the same PIN and still able to open
 * settings, or 400 10032 as a wrong PIN would be (a change that committed first may have taken it away).
 * A console operator (no member) was checked by the console's policy instead.
 */
export function assertStillActs(actor: StaffActor): void {
  const { member } = actor;
  if (member === null) return;
  const now = actor.team.find((m) => m.id === member.id);
  if (now && now.pinCode === member.pinCode && canOpenSettings(now)) return;
  throw wrongPin();
}
