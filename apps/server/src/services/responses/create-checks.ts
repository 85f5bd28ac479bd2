import {
  AppError,
  type CreatePayload,
  createFaults,
  ErrorCodes,
  type FieldFault,
  type Question,
  type Survey,
} from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import type { ResponseTarget } from './resolve-target';
import type { StaffMembers } from './staff-members';

const fault = (field: string): FieldFault => ({ field, in: 'body', message: 'form.notInSurvey' });

const refused = (fields: FieldFault[]) =>
  new AppError(ErrorCodes.FORM_VALIDATION, {
    message: `The answers do not fit the survey: ${fields.map((f) => f.field).join(', ')}`,
    detail: { fields },
  });

/**
 * D3.18 The member a guest thanks is one of the response's branch (any status: a tablet's list may be a
 * day old), and the staff answer names the same member as staffId.
 */
async function staffFaults(
  staff: { members: StaffMembers; db: Db },
  branchId: number | null,
  payload: CreatePayload,
): Promise<FieldFault[]> {
  const named = payload.staff?.renderType === 1 ? payload.staff.staffId : null;
  if (named !== null && named !== payload.staffId) return [fault('payload.staff.staffId')];
  if (payload.staffId === null) return [];
  if (branchId === null) return [fault('payload.staffId')];
  return (await staff.members.isMember(staff.db, branchId, payload.staffId))
    ? []
    : [fault('payload.staffId')];
}

/**
 * D3.19 A transaction block is the client's copy of what survey.transaction answered: never stored, so
 * a made-up one (covers 999999, HTML in item names) is never taken as fact. The response's
 * transaction_id, from the receipt the server looked up itself, is the fact.
 */
export function withoutClaimedTransaction(payload: CreatePayload): CreatePayload {
  if (payload.transaction === undefined) return payload;
  const { transaction: _claimed, ...rest } = payload;
  return rest;
}

/**
 * Issue 27 item 1 (decision 0188): the create against the survey it answers (the domain's createFaults,
 * D3.12–D3.17) and the staff member against its branch (D3.18). Refused with 10025 naming every field.
 */
export async function assertCreateFits(
  staff: { members: StaffMembers; db: Db },
  target: ResponseTarget,
  payload: CreatePayload,
  now: Date,
): Promise<void> {
  const survey = target.survey.definition as Survey;
  const fields = createFaults(survey, target.survey.questions as Question[], payload, now);
  fields.push(...(await staffFaults(staff, target.branchId, payload)));
  if (fields.length > 0) throw refused(fields);
}
