import {
  DEFAULT_DIGEST_SCHEDULE,
  type DigestFrequency,
  type DigestSchedule,
  type DigestSetting,
  digestTimeZone,
  type OperatorScope,
} from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { digestSettings } from '../../db/schema';
import { intArray } from '../../db/sql-arrays';
import { operatorActor, recordAudit } from '../audit/record';
import type { ConsoleOperator } from '../operators/principal';

/** The first branches (lowest ids) an operator sees, with their zones: an owner's are the company's. */
async function firstBranchZone(db: Db, operator: OperatorScope): Promise<string> {
  const visible = operator.branchIds === 'all' ? sql`true` : sql`id = any(${intArray(operator.branchIds)})`;
  const rows = await queryRows<{ id: number; timeZone: string }>(
    db,
    sql`select id, time_zone as "timeZone" from branches
      where company_id = ${operator.companyId} and ${visible} order by id limit 1`,
  );
  return digestTimeZone(rows);
}

/** An operator's digest setting: the stored row, else the default (O13.1), and the zone it is read in. */
export async function readDigestSetting(db: Db, operator: OperatorScope): Promise<DigestSetting> {
  const [row] = await db
    .select({
      frequency: digestSettings.frequency,
      weekday: digestSettings.weekday,
      hour: digestSettings.hour,
    })
    .from(digestSettings)
    .where(eq(digestSettings.operatorId, operator.id));
  const schedule: DigestSchedule = row
    ? { frequency: row.frequency as DigestFrequency, weekday: row.weekday, hour: row.hour }
    : DEFAULT_DIGEST_SCHEDULE;
  return { ...schedule, timeZone: await firstBranchZone(db, operator) };
}

/** PUT /console/me/digest: the operator's own setting (the body is checked by its schema), audited. */
export async function saveDigestSetting(
  db: Db,
  operator: ConsoleOperator,
  schedule: DigestSchedule,
  now: Date,
): Promise<DigestSetting> {
  await db.transaction(async (tx) => {
    const values = { ...schedule, updatedAt: now };
    await tx
      .insert(digestSettings)
      .values({ operatorId: operator.id, ...values })
      .onConflictDoUpdate({ target: digestSettings.operatorId, set: values });
    await recordAudit(tx, {
      companyId: operator.companyId,
      actor: operatorActor(operator),
      action: 'operator.digest',
      subjectType: 'operator',
      subjectId: operator.id,
      detail: { ...schedule },
      at: now,
    });
  });
  return readDigestSetting(db, operator);
}
