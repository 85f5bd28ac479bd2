import {
  AppError,
  type CreatePayload,
  createFaults,
  demographicFitFaults,
  ErrorCodes,
  type FieldFault,
  type Question,
  type Survey,
  type SurveyDocument,
} from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import type { VersionDocuments } from '../survey-versions';
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

/** The survey version a create answered: its number, that version's survey and questions, its document. */
export interface AnsweredVersion {
  version: number;
  survey: Survey;
  questions: Question[];
  /** The whole version (its languages and translations too: the suggestion reads the guest's language). */
  document: SurveyDocument;
}

/**
 * Issue 31 (decisions 0254, 0256): the version the create names (payload.surveyVersion) — the one its
 * guest started on, however many were published since — else, from a client before versions, the
 * survey's current one. A version the survey never had is refused with 10025 naming the field.
 */
export async function answeredVersion(
  versions: VersionDocuments,
  db: Db,
  target: ResponseTarget,
  payload: CreatePayload,
): Promise<AnsweredVersion> {
  const named = payload.surveyVersion;
  const document = await versions.find(db, target.survey, named);
  if (!document) {
    throw new AppError(ErrorCodes.FORM_VALIDATION, {
      message: `The survey has no version ${named}`,
      detail: { fields: [{ field: 'payload.surveyVersion', in: 'body', message: 'form.notInSurvey' }] },
    });
  }
  return {
    version: named ?? target.survey.version,
    survey: document.survey,
    questions: document.questions,
    document,
  };
}

/**
 * Issue 27 item 1 (decision 0188): the create against the survey version it answers (the domain's
 * createFaults, D3.12–D3.17; answeredVersion; its own demographic fields, O15.39) and the staff member
 * against its branch (D3.18). Refused with 10025 naming every field.
 */
export async function assertCreateFits(
  staff: { members: StaffMembers; db: Db },
  target: ResponseTarget,
  answered: AnsweredVersion,
  payload: CreatePayload,
  now: Date,
): Promise<void> {
  const fields = createFaults(answered.survey, answered.questions, payload, now);
  fields.push(...demographicFitFaults(answered.document, payload.demographics));
  fields.push(...(await staffFaults(staff, target.branchId, payload)));
  if (fields.length > 0) throw refused(fields);
}
