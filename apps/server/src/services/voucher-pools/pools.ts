import { AppError, ErrorCodes, type OperatorScope, type Survey, VoucherCodeState } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { type AuditActor, recordAudit } from '../audit/record';
import { readableSurvey } from '../survey-versions';

/** The survey's published vouchers and whether this operator may edit it (O1.9: 404 10014 unless readable). */
async function surveyAccess(db: Db, operator: OperatorScope, surveyId: number) {
  const access = await readableSurvey(db, operator, surveyId);
  return { vouchers: (access.row.definition as Survey).vouchers ?? [], editable: access.editable };
}

export interface VoucherPool {
  voucherId: number;
  name: string;
  type: number;
  unused: number;
  used: number;
  withdrawn: number;
}

/** A survey's vouchers (its published version's) with how many codes each pool holds, by state. */
export async function voucherPools(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
): Promise<VoucherPool[]> {
  const { vouchers } = await surveyAccess(db, operator, surveyId);
  const counts = await queryRows<{ voucher_id: number; state: number; n: number }>(
    db,
    sql`select voucher_id, state, count(*)::int as n from voucher_codes where survey_id = ${surveyId}
        group by voucher_id, state`,
  );
  const count = (voucherId: number, state: number) =>
    counts.find((c) => c.voucher_id === voucherId && c.state === state)?.n ?? 0;
  return vouchers.map((v) => ({
    voucherId: v.id,
    name: v.name,
    type: v.type,
    unused: count(v.id, VoucherCodeState.UNUSED),
    used: count(v.id, VoucherCodeState.USED),
    withdrawn: count(v.id, VoucherCodeState.DELETED),
  }));
}

export interface AddCodesInput {
  operator: OperatorScope;
  actor: AuditActor;
  surveyId: number;
  voucherId: number;
  /** Already read by the domain's readVoucherCodes (O15.30–O15.32). */
  codes: string[];
  now: Date;
}

/**
 * O15.33 Adds codes to a voucher's pool as unused, in one statement: a code that exists anywhere already
 * (codes are unique across the installation: a till checks one code) is skipped and named back, never
 * moved. Needs an editor of the survey (O1.10) and a voucher of its published version.
 */
export async function addVoucherCodes(
  db: Db,
  input: AddCodesInput,
): Promise<{ added: number; skipped: string[] }> {
  const access = await surveyAccess(db, input.operator, input.surveyId);
  if (!access.editable)
    throw new AppError(ErrorCodes.NOT_PERMITTED, { message: 'Your role does not allow this', ui: true });
  if (!access.vouchers.some((v) => v.id === input.voucherId)) {
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such voucher in the published survey' });
  }
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const added = await queryRows<{ code: string }>(
      tx,
      sql`insert into voucher_codes (survey_id, voucher_id, code, state)
          select ${input.surveyId}, ${input.voucherId}, code, ${VoucherCodeState.UNUSED}
          from unnest(${sql.param(input.codes)}::text[]) as given(code)
          on conflict (code) do nothing
          returning code`,
    );
    const kept = new Set(added.map((r) => r.code));
    await recordAudit(tx, {
      companyId: input.operator.companyId,
      actor: input.actor,
      action: 'survey.voucherCodes',
      subjectType: 'survey',
      subjectId: input.surveyId,
      detail: { voucherId: input.voucherId, added: kept.size, skipped: input.codes.length - kept.size },
      at: input.now,
    });
    return { added: kept.size, skipped: input.codes.filter((c) => !kept.has(c)) };
  });
}
