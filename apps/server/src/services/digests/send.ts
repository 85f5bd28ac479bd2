import { type DigestFrequency, type DigestPeriod, dueDigest } from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { digestSends } from '../../db/schema';
import type { Mailer } from '../mail';
import { toConsoleOperator } from '../operators/principal';
import { digestContent } from './content';
import { digestMail } from './mail';

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  /** The console links' origin: PUBLIC_URL, else the server's own address. */
  origin: string;
  log: { error(object: object, message: string): void };
}

interface Candidate {
  id: number;
  company_id: number;
  email: string;
  name: string;
  role: string;
  language: string;
  password_hash: string | null;
  company_name: string;
  frequency: DigestFrequency;
  weekday: number;
  hour: number;
  time_zone: string | null;
}

/**
 * Operators who may get a digest: signed up (a password set; an invitation not yet taken gets none),
 * not turned off, and seeing at least one branch, with their setting (the default when none, O13.1) and
 * the zone of the first branch they see (O13.6).
 */
const candidates = (db: Db) =>
  queryRows<Candidate>(
    db,
    sql`select o.id, o.company_id, o.email, o.name, o.role, o.language, o.password_hash,
        c.name as company_name,
        coalesce(s.frequency, 'weekly') as frequency, coalesce(s.weekday, 1)::int as weekday,
        coalesce(s.hour, 6)::int as hour,
        (select b.time_zone from branches b where b.company_id = o.company_id
          and (o.role = 'owner' or exists (select 1 from operator_branches ob
            where ob.operator_id = o.id and ob.branch_id = b.id))
          order by b.id limit 1) as time_zone -- O13.6 (digestTimeZone): the first branch seen
      from operators o join companies c on c.id = o.company_id
      left join digest_settings s on s.operator_id = o.id
      where o.password_hash is not null and coalesce(s.frequency, 'weekly') <> 'off'
      order by o.id`,
  );

/**
 * Claims a period for an operator: the digest_sends row goes in first, so two replicas, a rerun or the
 * next hour find it and send nothing. Answers whether this run holds it.
 */
async function claim(db: Db, operatorId: number, period: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(digestSends)
    .values({ operatorId, period, sentAt: now })
    .onConflictDoNothing()
    .returning({ operatorId: digestSends.operatorId });
  return rows.length === 1;
}

/** Gives a claim back after a failed send: the next hourly run (still the same local day) tries again. */
const release = (db: Db, operatorId: number, period: string) =>
  db.delete(digestSends).where(and(eq(digestSends.operatorId, operatorId), eq(digestSends.period, period)));

/** Builds and sends one operator's digest of a period. */
async function sendOne(deps: DigestDeps, row: Candidate, period: DigestPeriod, now: Date) {
  const operator = await toConsoleOperator(deps.db, {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    name: row.name,
    role: row.role,
    language: row.language,
    passwordHash: row.password_hash,
  });
  const content = await digestContent(deps.db, operator, period, now);
  await deps.mailer.send(
    digestMail({
      content,
      language: row.language,
      to: row.email,
      companyName: row.company_name,
      origin: deps.origin,
    }),
  );
}

/**
 * The hourly digest job (issue 30 item 3): each operator whose digest is due at `now` (O13.5) gets it
 * once per period. Claim, then send; a failed build or send releases the claim, so the next hour
 * retries within the day. A server that dies between the claim and the hand-over to the mail server
 * loses that one digest rather than risk sending it twice (decision 0251). One operator's failure does
 * not stop the others.
 */
export async function sendDueDigests(deps: DigestDeps, now: Date) {
  let due = 0;
  let sent = 0;
  let failed = 0;
  for (const row of await candidates(deps.db)) {
    // No branch to see: nothing to sum, no zone to time it in.
    if (row.time_zone === null) continue;
    const period = dueDigest(row, now, row.time_zone);
    if (!period) continue;
    due++;
    if (!(await claim(deps.db, row.id, period.key, now))) continue;
    try {
      await sendOne(deps, row, period, now);
      sent++;
    } catch (error) {
      failed++;
      deps.log.error(
        { err: error, operatorId: row.id, period: period.key },
        'digest not sent; retried next hour',
      );
      await release(deps.db, row.id, period.key);
    }
  }
  return { due, sent, failed };
}
